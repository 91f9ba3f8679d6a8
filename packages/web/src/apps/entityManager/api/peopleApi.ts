/** The organization's people, whom an asset's caretaker is picked from (a 403 is shown in place). */
import type { Person } from '@ferrite/contracts';
import { type OrgArg, OWN_403 } from '../../../app/apiKit';
import { emBase, entityManagerApi } from './apiBase';

const peopleApi = entityManagerApi.injectEndpoints({
  endpoints: (build) => ({
    listEmUsers: build.query<Person[], OrgArg>({
      query: ({ orgId }) => ({ url: `${emBase(orgId)}/people` }),
      extraOptions: OWN_403,
      transformResponse: (response: { people: Person[] }) => response.people,
    }),
  }),
});

export const { useListEmUsersQuery } = peopleApi;
