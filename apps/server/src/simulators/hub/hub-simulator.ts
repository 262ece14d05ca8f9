import { randomUUID } from 'node:crypto';
import {
  FINAL_HUB_STATUSES,
  type DesiredRemoteState,
  type HubAdapter,
  type HubNetworkInfo,
  type HubOperation,
  type HubOperationKind,
  type HubRemoteState,
} from '../../features/hub/hub-adapter.js';

export interface HubSimulatorOptions {
  networks: HubNetworkInfo[];
  /** How long an operation takes, in ms (seconds in the demo; minutes on a real hub). */
  delayMs: number;
  now?: () => Date;
  /** Timer function, injectable for tests. */
  schedule?: (fn: () => void, ms: number) => void;
  /** Called when an operation reaches a final status. */
  onFinished?: (operation: HubOperation) => void;
}

/**
 * SIMULATOR of a satellite network hub (NMS). It keeps its own state of
 * remotes, applies requests after a delay and fails by rule, like a hub does:
 * - a remote without a modem serial or modem model cannot be provisioned (Error);
 * - a beam whose NMS type differs from the remote's cannot be provisioned; the
 *   other beams still are (PartialSuccess), or none (Error);
 * - activation needs a provisioned remote; cell traffic needs hybrid hardware.
 */
export class HubSimulator implements HubAdapter {
  readonly name = 'hub simulator';
  private readonly remotes = new Map<string, HubRemoteState>();
  private readonly operations = new Map<string, HubOperation>();
  private readonly now: () => Date;
  private readonly schedule: (fn: () => void, ms: number) => void;

  constructor(private readonly o: HubSimulatorOptions) {
    this.now = o.now ?? (() => new Date());
    this.schedule = o.schedule ?? ((fn, ms) => void setTimeout(fn, ms).unref());
  }

  /** Puts a remote into the simulated hub as it already stands (demo data, restarts). */
  load(state: HubRemoteState): void {
    this.remotes.set(state.remoteId, structuredClone(state));
  }

  async getRemoteState(remoteId: string): Promise<HubRemoteState | null> {
    const r = this.remotes.get(remoteId);
    return r ? structuredClone(r) : null;
  }

  async getOperation(operationId: string): Promise<HubOperation | null> {
    const op = this.operations.get(operationId);
    return op ? structuredClone(op) : null;
  }

  async listNetworks(): Promise<HubNetworkInfo[]> {
    return structuredClone(this.o.networks);
  }

  async health() {
    return { ok: true, version: 'simulator 1.0' };
  }

  async request(
    remoteId: string,
    kind: HubOperationKind,
    desired: DesiredRemoteState,
  ): Promise<HubOperation> {
    const op: HubOperation = {
      operationId: randomUUID(),
      remoteId,
      kind,
      status: 'Running',
      messages: [],
      startedAt: this.now(),
      finishedAt: null,
    };
    this.operations.set(op.operationId, op);
    this.schedule(() => this.apply(op, desired), this.o.delayMs);
    return structuredClone(op);
  }

  private finish(op: HubOperation, status: HubOperation['status'], messages: string[]): void {
    op.status = status;
    op.messages = messages;
    op.finishedAt = this.now();
    if (FINAL_HUB_STATUSES.includes(status)) this.o.onFinished?.(structuredClone(op));
  }

  private remoteFor(remoteId: string, desired: DesiredRemoteState): HubRemoteState {
    let r = this.remotes.get(remoteId);
    if (!r) {
      r = {
        remoteId,
        nmsType: desired.nmsType,
        beams: [],
        hybrid: { provisioned: false, activated: false },
        cellular: { activated: false },
      };
      this.remotes.set(remoteId, r);
    }
    return r;
  }

  private apply(op: HubOperation, desired: DesiredRemoteState): void {
    const hw = desired.hardware;
    const existing = this.remotes.get(op.remoteId);
    switch (op.kind) {
      case 'provision':
      case 'sync': {
        if (!hw.modemSerial || !hw.modemModel)
          return this.finish(op, 'Error', ['The remote has no modem serial or modem model.']);
        if (!hw.antennaModel || !hw.bucModel)
          return this.finish(op, 'Error', ['The remote has no antenna or BUC model.']);
        const r = this.remoteFor(op.remoteId, desired);
        const messages: string[] = [];
        let failed = 0;
        const wanted = new Set(desired.requiredNetworkIds);
        for (const networkId of wanted) {
          const network = this.o.networks.find((n) => n.networkId === networkId);
          if (!network) {
            failed++;
            messages.push(`Beam ${networkId} does not exist on the hub.`);
            continue;
          }
          if (network.nmsType !== r.nmsType) {
            failed++;
            messages.push(`Beam ${network.displayName} is not available to ${r.nmsType} remotes.`);
            continue;
          }
          let beam = r.beams.find((b) => b.networkId === networkId);
          if (!beam) {
            beam = {
              networkId,
              provisioned: false,
              activated: false,
              provisionedOn: null,
              activatedOn: null,
            };
            r.beams.push(beam);
          }
          if (!beam.provisioned) {
            beam.provisioned = true;
            beam.provisionedOn = this.now();
          }
          if (op.kind === 'sync') {
            if (desired.activated && !beam.activated) {
              beam.activated = true;
              beam.activatedOn = this.now();
            } else if (!desired.activated) {
              beam.activated = false;
            }
          }
          messages.push(`Beam ${network.displayName} is in place.`);
        }
        if (op.kind === 'sync') {
          // Beams the portal no longer requires are removed from the remote.
          r.beams = r.beams.filter((b) => wanted.has(b.networkId));
          r.hybrid = { provisioned: hw.hasHybrid, activated: hw.hasHybrid && desired.activated };
          r.cellular = { activated: hw.hasHybrid && desired.cellTraffic };
        }
        const status = failed === 0 ? 'Success' : failed < wanted.size ? 'PartialSuccess' : 'Error';
        return this.finish(
          op,
          wanted.size === 0 && op.kind === 'provision' ? 'Error' : status,
          wanted.size === 0 ? ['No beam is required for this remote.'] : messages,
        );
      }
      case 'activate':
      case 'deactivate': {
        if (!existing || !existing.beams.some((b) => b.provisioned))
          return this.finish(op, 'Error', ['The remote is not provisioned on the hub.']);
        const on = op.kind === 'activate';
        for (const b of existing.beams) {
          b.activated = on && b.provisioned;
          b.activatedOn = b.activated ? this.now() : null;
        }
        existing.hybrid.activated = on && existing.hybrid.provisioned;
        return this.finish(op, 'Success', [
          on ? 'The remote is active.' : 'The remote is inactive.',
        ]);
      }
      case 'enableCellTraffic':
      case 'disableCellTraffic': {
        if (!existing)
          return this.finish(op, 'Error', ['The remote is not provisioned on the hub.']);
        if (!hw.hasHybrid) return this.finish(op, 'Error', ['The remote has no hybrid router.']);
        existing.cellular.activated = op.kind === 'enableCellTraffic';
        return this.finish(op, 'Success', [
          existing.cellular.activated ? 'Cell traffic is allowed.' : 'Cell traffic is blocked.',
        ]);
      }
      case 'deprovision': {
        this.remotes.delete(op.remoteId);
        return this.finish(op, 'Success', ['The remote was removed from the hub.']);
      }
    }
  }
}
