/** What route plugins receive from the composition root. */
import type { BrandSet } from '@ferrite/contracts';
import { brandForHost } from '@ferrite/contracts';
import type { FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import type { Config } from '../../config';
import type { Db } from '../db/database';
import type { Mailer } from '../mail/mailer';
import type { JwtService } from '../security/jwt';

export interface AppDeps {
  config: Config;
  db: Db;
  engine: 'pglite' | 'postgres';
  jwt: JwtService;
  mailer: Mailer;
  log: Logger;
}

/** The brand of the host a request came to (spec §1 white-labelling). */
export function requestBrand(request: FastifyRequest, config: Config): BrandSet {
  return brandForHost(request.host, config.brandPrimaryHost);
}
