/**
 * The address check of `web`, done once per hop before connecting: resolve the host (every address
 * DNS gives), refuse it when any address is one `web` must not reach (web-address.ts), and hand the
 * checked addresses to the connection (web-request.ts pins them), so a second DNS answer
 * (rebinding) can never be used. Hosts in `safety.web_allow_hosts` skip the check.
 */
import type { LookupAddress } from 'node:dns';
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { AppError } from '../../errors.js';
import {
  type BlockedKind,
  blockedKind,
  isAllowedHost,
  METADATA_HOSTS,
  normalizeHost,
} from './web-address.js';

/** Every address of a host name, in the resolver's order. Injectable for tests. */
export type ResolveHost = (host: string) => Promise<LookupAddress[]>;

export const systemResolve: ResolveHost = (host) => lookup(host, { all: true, verbatim: true });

/** Details of an AppError `blocked_address`. */
export interface BlockedDetails {
  host: string;
  address: string;
  kind: BlockedKind;
}

/** The addresses to connect to for `hostname` (a URL's hostname); throws `blocked_address` or `dns`. */
export async function resolveAllowed(
  hostname: string,
  allowHosts: readonly string[],
  resolve: ResolveHost,
): Promise<LookupAddress[]> {
  const host = normalizeHost(hostname);
  const allowed = isAllowedHost(host, allowHosts);
  const blocked = (address: string, kind: BlockedKind) => {
    const details: BlockedDetails = { host, address, kind };
    return new AppError('blocked_address', `${host} (${address}) is ${kind}`, { details: { ...details } });
  };
  if (!allowed && METADATA_HOSTS.has(host)) throw blocked(host, 'metadata');
  const family = isIP(host);
  let addresses: LookupAddress[];
  if (family !== 0) addresses = [{ address: host, family }];
  else {
    try {
      addresses = await resolve(host);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? String(error);
      throw new AppError('dns', `${host}: ${code}`, { cause: error, details: { host, code } });
    }
    if (addresses.length === 0)
      throw new AppError('dns', `${host}: no address`, { details: { host, code: 'ENODATA' } });
  }
  if (allowed) return addresses;
  for (const { address } of addresses) {
    const kind = blockedKind(address);
    if (kind) throw blocked(address, kind);
  }
  return addresses;
}
