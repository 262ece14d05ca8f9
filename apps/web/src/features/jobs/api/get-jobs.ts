import { type Job, type JobList, jobsEndpoints } from '@aerie/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/** Active jobs change within seconds (a sync takes seconds in the demo): the list is asked again. */
const ACTIVE_JOBS_REFETCH_MS = 10_000;

export const jobsQueryKey = (skip: number, take: number) => ['jobs', 'list', skip, take] as const;
export const jobQueryKey = (id: string) => ['jobs', 'detail', id] as const;

/** `GET /v2/jobs`: a page of the caller's active (queued or running) jobs, newest first. */
export function getJobsQueryOptions(skip: number, take: number) {
  return queryOptions({
    queryKey: jobsQueryKey(skip, take),
    queryFn: ({ signal }): Promise<JobList> =>
      callApi(jobsEndpoints.list, { query: { skip, take } }, { signal }),
    staleTime: 0,
    refetchInterval: ACTIVE_JOBS_REFETCH_MS,
    placeholderData: keepPreviousData,
  });
}

export function useJobs(skip: number, take: number) {
  return useQuery(getJobsQueryOptions(skip, take));
}

/** `GET /v2/jobs/{id}`: the raw job (404 when missing or outside the caller's accounts). */
export function useJob(id: string) {
  return useQuery({
    queryKey: jobQueryKey(id),
    queryFn: ({ signal }): Promise<Job> =>
      callApi(jobsEndpoints.get, { params: { id } }, { signal }),
    staleTime: 0,
  });
}
