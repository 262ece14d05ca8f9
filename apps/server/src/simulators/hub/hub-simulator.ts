import { randomUUID } from 'node:crypto';
import {
  FINAL_HUB_STATUSES,
  type DesiredRemoteState,
  type HubAdapter,
  type HubNetworkInfo,
  type HubOperation,
  type HubOperationKind,
  type HubRemoteState,
} from '../../adapters/hub-adapter.js';

/** Where the simulated hub keeps its remotes: memory in unit tests, a table in the app. */
export interface HubRemoteStore {
  get(remoteId: string): Promise<HubRemoteState | null>;
  put(state: HubRemoteState): Promise<void>;
  delete(remoteId: string): Promise<void>;
}

export class MemoryHubRemoteStore implements HubRemoteStore {
  private readonly remotes = new Map<string, HubRemoteState>();
  async get(remoteId: string) {
    const r = this.remotes.get(remoteId);
    return r ? structuredClone(r) : null;
  }
  async put(state: HubRemoteState) {
    this.remotes.set(state.remoteId, structuredClone(state));
  }
  async delete(remoteId: string) {
    this.remotes.delete(remoteId);
  }
}

export interface HubSimulatorOptions {
  /** The hub's networks (beams); read per operation, so new beams are seen at once. */
  networks: () => Promise<HubNetworkInfo[]>;
  /** Defaults to memory. */
  store?: HubRemoteStore;
  /** How long an operation takes, in ms (seconds in the demo; minutes on a real hub). */
  delayMs: number;
  now?: () => Date;
  /** Timer function, injectable for tests. */
  schedule?: (fn: () => Promise<void>, ms: number) => void;
  /** Called when applying an operation throws (the store failed). */
  onError?: (error: unknown) => void;
  /** Called when an operation reaches a final status. */
  onFinished?: (operation: HubOperation) => void;
}

interface Outcome {
  status: HubOperation['status'];
  messages: string[];
  /** The remote after the operation; 'delete' removes it; undefined leaves it as it was. */
  state?: HubRemoteState | 'delete' | undefined;
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
  private readonly store: HubRemoteStore;
  private readonly operations = new Map<string, HubOperation>();
  private readonly now: () => Date;
  private readonly schedule: (fn: () => Promise<void>, ms: number) => void;

  constructor(private readonly o: HubSimulatorOptions) {
    this.store = o.store ?? new MemoryHubRemoteStore();
    this.now = o.now ?? (() => new Date());
    this.schedule =
      o.schedule ?? ((fn, ms) => void setTimeout(() => void fn().catch(o.onError), ms).unref());
  }

  /** Puts a remote into the simulated hub as it already stands (demo data, restarts). */
  async load(state: HubRemoteState): Promise<void> {
    await this.store.put(state);
  }

  async getRemoteState(remoteId: string): Promise<HubRemoteState | null> {
    return this.store.get(remoteId);
  }

  async getOperation(operationId: string): Promise<HubOperation | null> {
    const op = this.operations.get(operationId);
    return op ? structuredClone(op) : null;
  }

  async listNetworks(): Promise<HubNetworkInfo[]> {
    return this.o.networks();
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
    this.schedule(async () => {
      try {
        await this.apply(op, desired);
      } catch (error) {
        this.finish(op, 'Error', ['The hub could not apply the operation.']);
        throw error;
      }
    }, this.o.delayMs);
    return structuredClone(op);
  }

  private finish(op: HubOperation, status: HubOperation['status'], messages: string[]): void {
    op.status = status;
    op.messages = messages;
    op.finishedAt = this.now();
    if (FINAL_HUB_STATUSES.includes(status)) this.o.onFinished?.(structuredClone(op));
  }

  private async apply(op: HubOperation, desired: DesiredRemoteState): Promise<void> {
    const existing = await this.store.get(op.remoteId);
    const outcome = this.decide(op, desired, existing, await this.o.networks());
    if (outcome.state === 'delete') await this.store.delete(op.remoteId);
    else if (outcome.state) await this.store.put(outcome.state);
    this.finish(op, outcome.status, outcome.messages);
  }

  /** The hub's rules: what an operation does to a remote, and how it ends. */
  private decide(
    op: HubOperation,
    desired: DesiredRemoteState,
    existing: HubRemoteState | null,
    networks: HubNetworkInfo[],
  ): Outcome {
    const hw = desired.hardware;
    const end = (status: HubOperation['status'], messages: string[], state?: Outcome['state']) =>
      ({ status, messages, state }) satisfies Outcome;
    switch (op.kind) {
      case 'provision':
      case 'sync': {
        if (!hw.modemSerial || !hw.modemModel)
          return end('Error', ['The remote has no modem serial or modem model.']);
        if (!hw.antennaModel || !hw.bucModel)
          return end('Error', ['The remote has no antenna or BUC model.']);
        const r: HubRemoteState = existing ?? {
          remoteId: op.remoteId,
          nmsType: desired.nmsType,
          beams: [],
          hybrid: { provisioned: false, activated: false },
          cellular: { activated: false },
        };
        const messages: string[] = [];
        let failed = 0;
        const wanted = new Set(desired.requiredNetworkIds);
        for (const networkId of wanted) {
          const network = networks.find((n) => n.networkId === networkId);
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
        return end(
          wanted.size === 0 && op.kind === 'provision' ? 'Error' : status,
          wanted.size === 0 ? ['No beam is required for this remote.'] : messages,
          r,
        );
      }
      case 'activate':
      case 'deactivate': {
        if (!existing || !existing.beams.some((b) => b.provisioned))
          return end('Error', ['The remote is not provisioned on the hub.']);
        const on = op.kind === 'activate';
        for (const b of existing.beams) {
          b.activated = on && b.provisioned;
          b.activatedOn = b.activated ? this.now() : null;
        }
        existing.hybrid.activated = on && existing.hybrid.provisioned;
        return end('Success', [on ? 'The remote is active.' : 'The remote is inactive.'], existing);
      }
      case 'enableCellTraffic':
      case 'disableCellTraffic': {
        if (!existing) return end('Error', ['The remote is not provisioned on the hub.']);
        if (!hw.hasHybrid) return end('Error', ['The remote has no hybrid router.']);
        existing.cellular.activated = op.kind === 'enableCellTraffic';
        return end(
          'Success',
          [existing.cellular.activated ? 'Cell traffic is allowed.' : 'Cell traffic is blocked.'],
          existing,
        );
      }
      case 'deprovision': {
        return end('Success', ['The remote was removed from the hub.'], 'delete');
      }
    }
  }
}
