import {
  api,
  jobKindSchema,
  type FinalJobStatus,
  type Job,
  type JobList,
  type JobListQuery,
  type JobStatus,
  type JsonObject,
  type JsonValue,
} from '@aerie/contract';
import type { Queryable } from '../../db/transaction.js';
import type { Authorize } from '../../plugins/authorization.js';
import type { Principal } from '../../plugins/auth.js';
import { BadRequestError, ConflictError, NotFoundError } from '../../plugins/errors.js';
import { sourcesOf } from './jobs.lifecycle.js';
import { JOB_MESSAGES } from './jobs.messages.js';
import { presentJob, presentJobListItem } from './jobs.presenter.js';
import type { JobsRepository } from './jobs.repository.js';

/** A transition the job state machine refuses (409 when it reaches a client). */
export class IllegalJobTransitionError extends ConflictError {
  constructor(
    readonly jobId: string,
    readonly from: JobStatus,
    readonly to: JobStatus,
  ) {
    super(JOB_MESSAGES.illegalTransition(jobId, from, to));
  }
}

/**
 * The jobs of the caller's accounts (spec 001 §6: /jobs is open to any signed-in user, which
 * every role's portal access is), and the job lifecycle other features drive.
 */
export function createJobsService(repo: JobsRepository, authorize: Authorize) {
  async function transition(
    id: string,
    to: JobStatus,
    final: { result: JsonValue | null } | null,
    db?: Queryable,
  ): Promise<Job> {
    const row = await repo.transition(id, sourcesOf(to), to, final, db);
    if (row) return presentJob(row);
    const from = await repo.statusOf(id, db);
    if (!from) throw new NotFoundError(JOB_MESSAGES.notFound);
    throw new IllegalJobTransitionError(id, from, to);
  }

  return {
    /** `GET /v2/jobs`: the caller's active jobs and those finished in the last day, newest first. */
    async list(principal: Principal, query: JobListQuery): Promise<JobList> {
      const { scope } = await authorize(principal, api.jobs.list.access);
      const { rows, total } = await repo.listRecent(scope, query.skip, query.take);
      return { items: rows.map(presentJobListItem), total };
    },

    /** `GET /v2/jobs/{id}`: the raw job; 404 'Job not found.' outside the caller's accounts. */
    async get(principal: Principal, id: string): Promise<Job> {
      const grant = await authorize(principal, api.jobs.get.access);
      return presentJob(grant.found(await repo.findById(grant.scope, id), JOB_MESSAGES.notFound));
    },

    /**
     * Queues a job for an account (and one of its devices). The caller has already checked
     * the principal's permission and tenancy for the operation the job stands for. `db`: the
     * caller's transaction, when the job must exist only if the caller's rows do.
     */
    async createJob(
      kind: string,
      accountId: string,
      deviceId: string | null,
      createdBy: string | null,
      payload: JsonObject = {},
      { db }: { db?: Queryable } = {},
    ): Promise<Job> {
      const parsed = jobKindSchema.safeParse(kind);
      if (!parsed.success) throw new BadRequestError(parsed.error.issues[0]!.message, 'kind');
      const row = await repo.insert({ kind, accountId, deviceId, createdBy, payload }, db);
      if (!row) throw new BadRequestError(JOB_MESSAGES.deviceNotInAccount, 'deviceId');
      return presentJob(row);
    },

    /** Queued → Running; throws IllegalJobTransitionError from any other status. */
    async markRunning(id: string): Promise<Job> {
      return transition(id, 'Running', null);
    },

    /**
     * Ends a job with a final status and its result; a finished job cannot finish again. `db`:
     * the caller's transaction, when the job ends together with the caller's rows.
     */
    async finish(
      id: string,
      status: FinalJobStatus,
      result: JsonValue | null = null,
      { db }: { db?: Queryable } = {},
    ): Promise<Job> {
      return transition(id, status, { result }, db);
    },

    /**
     * Records how far a running job is, 0 to 1 (clamped), in one conditional update: nothing
     * changes unless the job is Running. Answers whether it was recorded.
     */
    async reportProgress(id: string, fraction: number): Promise<boolean> {
      const progress = Number.isFinite(fraction) ? Math.min(1, Math.max(0, fraction)) : 0;
      return repo.setProgress(id, progress);
    },
  };
}
export type JobsService = ReturnType<typeof createJobsService>;
