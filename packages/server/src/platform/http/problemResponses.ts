/** The response schemas of a route's problem answers, for its OpenAPI description and serializer. */
import { problemSchema } from '@ferrite/contracts';

/** `{ [status]: problemSchema }` for each status a route may answer with a problem body. */
export function problemResponses<const Status extends number>(
  ...statuses: Status[]
): Record<Status, typeof problemSchema> {
  return Object.fromEntries(statuses.map((status) => [status, problemSchema])) as Record<
    Status,
    typeof problemSchema
  >;
}
