/** The demo plant's three projects, each described in its own file. */
import { BOILER_HOUSE } from './boilerHouse';
import { LINE_1_ASSEMBLY } from './line1Assembly';
import { PACKAGING_HALL } from './packagingHall';
import type { ProjectPlant } from './types';

export const DEMO_PLANTS: readonly ProjectPlant[] = [LINE_1_ASSEMBLY, PACKAGING_HALL, BOILER_HOUSE];
