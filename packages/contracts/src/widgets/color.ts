/** Colours a widget config may hold: hex or a plain CSS colour name, never arbitrary CSS. */
import { z } from 'zod';

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const NAMED = /^[a-z]{3,20}$/i;

/** '#55B53B', '#fff', 'green'; nothing that could carry other CSS (url(), ;, expressions). */
export const colorSchema = z
  .string()
  .trim()
  .refine((value) => HEX.test(value) || NAMED.test(value), {
    error: 'Colour must be a hex colour such as #55B53B',
  });
