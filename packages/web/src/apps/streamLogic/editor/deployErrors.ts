/**
 * What a refused deploy says: a 409 (someone deployed since this edit began: who and when) or a 422
 * (the chain's problems, each pointing at a node or connection). The client keeps a problem body's
 * fields (app/baseQuery), so the contract's fields sit beside title and detail.
 */
import type { ChainProblem } from '@ferrite/contracts';
import { problemOf } from '../hooks';

/** A 409's news: the revision now current, by whom and when. */
export interface StaleNews {
  message: string;
  revision: number | null;
  by: string | null;
  at: string | null;
}

type Loose = Record<string, unknown>;

/** The 409's news, or null when the error is not a 409. */
export function staleNewsOf(error: unknown): StaleNews | null {
  const problem = problemOf(error) as unknown as Loose;
  if (problem.status !== 409) return null;
  const by = problem.updated_by as { name?: string } | null | undefined;
  return {
    message: String(
      problem.message ?? problem.detail ?? problem.title ?? 'This chain was changed by someone else.',
    ),
    revision: typeof problem.revision === 'number' ? problem.revision : null,
    by: by?.name ?? null,
    at: typeof problem.updated_at === 'string' ? problem.updated_at : null,
  };
}

/** The 422's problems, or null when the error is not a 422 with problems. */
export function chainProblemsOf(error: unknown): { message: string; problems: ChainProblem[] } | null {
  const problem = problemOf(error) as unknown as Loose;
  if (problem.status !== 422 || !Array.isArray(problem.problems)) return null;
  return {
    message: String(problem.message ?? problem.detail ?? problem.title),
    problems: problem.problems as ChainProblem[],
  };
}
