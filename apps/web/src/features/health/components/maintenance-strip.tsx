import { useMaintenance } from '../api/get-maintenance';
import { healthMessages } from '../messages';
import classes from './maintenance-strip.module.css';

/** "Maintenance Mode ON" in the top bar while the maintenance header is on (spec 000 §2.2). */
export function MaintenanceStrip() {
  const { data } = useMaintenance();
  if (!data?.maintenanceMode) return null;
  return (
    <div className={classes.strip} role="status">
      {healthMessages.maintenanceStrip}
    </div>
  );
}
