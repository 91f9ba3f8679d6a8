/**
 * Where the charts of a canvas read alert marks from (contracts `GET /alert/orgs/{orgId}/marks`). The
 * signed-in workspace provides it to members with the Alerts app; the shared dashboard view and members
 * without the app have none, and their charts draw no marks.
 */
import type { AlertMark } from '@ferrite/contracts';
import { createContext } from 'react';

export interface AlertMarksSource {
  /** Alerts of these sensors that fired inside [from, to]. */
  read: (sensorIds: string[], from: string, to: string) => Promise<AlertMark[]>;
}

export const AlertMarksContext = createContext<AlertMarksSource | null>(null);
