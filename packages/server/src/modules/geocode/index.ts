/** Geocoding: addresses to map positions for the Entity Map. */
import { defineModule } from '../../platform/module';
import { geocodeRoutes } from './routes';

export const geocodeModule = defineModule({ key: 'geocode', routes: geocodeRoutes });
