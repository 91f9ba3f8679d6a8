/** What the Entity Manager needs from the organization without Role Manager rights: projects and people. */
import { z } from 'zod';
import { pageQuerySchema } from '../lists';

/** Active projects only; the answer has the Role Manager's project list shape. */
export const entityProjectsQuerySchema = pageQuerySchema;

export const personSchema = z.object({ id: z.string().uuid(), name: z.string(), email: z.string() });
export type Person = z.infer<typeof personSchema>;

/** Active members of the organization, by name, for caretaker pickers. */
export const peopleResponseSchema = z.object({ people: z.array(personSchema) });
