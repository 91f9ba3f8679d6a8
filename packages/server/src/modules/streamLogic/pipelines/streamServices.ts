/**
 * The services deploy checks read (kinds' `check`: is this sensor the organization's?). Null until the
 * runtime's services are built for the module: the checks that need the database are then skipped.
 */
import type { DeviceDeps } from '../../iotManager';
import type { StreamServices } from '../engine/services';

/** The module's stream services for deploy checks, or null. */
export function streamServicesOf(_deps: DeviceDeps): StreamServices | null {
  return null;
}
