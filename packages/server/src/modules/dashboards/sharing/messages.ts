/** The problems the shared view answers, with the wording of spec §8. */
import { DASHBOARD_MESSAGES } from '@ferrite/contracts';
import { HttpProblem, problems } from '../shared';

export { DASHBOARD_MESSAGES, problems };

/** The answers a link gives when it cannot be used. */
export const shareProblems = {
  /** spec §8: 401 'Please enter correct password', title 'Error'. */
  wrongPassword: () =>
    new HttpProblem(401, DASHBOARD_MESSAGES.wrongPasswordTitle, DASHBOARD_MESSAGES.wrongPassword),
  tokenInvalid: () => problems.unauthorized(DASHBOARD_MESSAGES.shareTokenInvalid, 'Link session ended'),
  unknown: () => new HttpProblem(404, 'Not found', DASHBOARD_MESSAGES.linkUnknown),
  revoked: () => new HttpProblem(410, 'Link revoked', DASHBOARD_MESSAGES.linkRevoked),
  expired: () => new HttpProblem(410, 'Link expired', DASHBOARD_MESSAGES.linkExpired),
  otherLink: () => problems.forbidden('This token belongs to another dashboard link'),
};
