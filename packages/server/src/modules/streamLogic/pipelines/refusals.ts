/**
 * The two refusals of a deploy that carry more than a problem's words: a stale revision (409, who
 * changed the chain and when) and a chain with problems (422, each pointing at its node). Their bodies
 * are problems (title, detail, status) with the contract's fields beside them, so every client's error
 * handling still reads them.
 */
import {
  type ChainProblem,
  chainProblemsResponseSchema,
  problemSchema,
  type StaleRevision,
  staleRevisionSchema,
} from '@ferrite/contracts';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { HttpProblem } from '../shared';

/** 409 body: a problem and staleRevisionSchema's fields. */
export const staleRevisionProblemSchema = problemSchema.extend(staleRevisionSchema.shape);
/** 422 body: a problem and chainProblemsResponseSchema's fields. */
export const chainProblemsProblemSchema = problemSchema.extend(chainProblemsResponseSchema.shape);

/** The 409 and 422 answers of routes that deploy (a plain problem for other conflicts). */
export const deployRefusalResponses = {
  409: z.union([staleRevisionProblemSchema, problemSchema]),
  422: z.union([chainProblemsProblemSchema, problemSchema]),
};

/** A refusal whose body carries extra fields (answered by `sendRefusal`). */
export class ChainRefusal extends HttpProblem {
  constructor(
    status: number,
    title: string,
    readonly body: Record<string, unknown> & { message: string },
  ) {
    super(status, title, body.message);
  }
}

/** 409: the chain moved on since the revision the caller edited. */
export function staleRevision(stale: StaleRevision): ChainRefusal {
  return new ChainRefusal(409, 'Conflict', stale);
}

/** 422: the chain cannot be deployed as it is. */
export function chainProblems(problems: ChainProblem[]): ChainRefusal {
  const count = problems.length;
  const first = problems[0]?.message ?? '';
  const message =
    count === 1 ? `The chain has a problem: ${first}` : `The chain has ${count} problems; first: ${first}`;
  return new ChainRefusal(422, 'Invalid chain', { message, problems });
}

/** Runs a route's work; a ChainRefusal is answered with its full body. */
export async function answeringRefusals<T>(reply: FastifyReply, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof ChainRefusal)) throw error;
    return reply
      .status(error.status)
      .send({ title: error.title, detail: error.detail, status: error.status, ...error.body }) as never;
  }
}
