import { Navigate } from '@tanstack/react-router';
import { useMe } from '../../features/users';
import { startPath } from '../../lib/route-paths';

/** `/`: goes to the user's default start route (spec 000 §2.1; default home -> /home). */
export function StartPage() {
  const { data: me } = useMe({ enabled: false });
  const to = me ? startPath(me.settings.defaultStartRoute, me.role) : '/home';
  return <Navigate to={to} replace />;
}
