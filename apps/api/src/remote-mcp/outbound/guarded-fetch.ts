import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { Transform } from 'node:stream';
import { webResponseOf } from '../../common/http/web-response';
import { isForbiddenAddress } from './address-policy';

/** What outbound requests to a remote MCP server may do. */
export interface OutboundPolicy {
  readonly allowPrivateNetworks: boolean;
  /** Largest response body read; beyond it the response fails. */
  readonly maxResponseBytes: number;
}

/** The server's address is one remote servers may not use (SSRF guard). */
export class ForbiddenAddressError extends Error {
  constructor(host: string, address: string) {
    super(
      address === host
        ? `The address ${host} is private, loopback, link-local or otherwise not public: remote MCP servers must be on a public address.`
        : `${host} resolves to ${address}, which is private, loopback, link-local or otherwise not public: remote MCP servers must be on a public address.`,
    );
    this.name = 'ForbiddenAddressError';
  }
}

/** A response of the server was larger than the configured limit. */
export class ResponseTooLargeError extends Error {
  constructor(readonly limitBytes: number) {
    super(`The MCP server's response exceeds the limit of ${limitBytes} bytes.`);
    this.name = 'ResponseTooLargeError';
  }
}

/** The host of a URL as an IP literal (IPv6 without brackets), or null for a name. */
function ipLiteralOf(url: URL): string | null {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  return isIP(host) !== 0 ? host : null;
}

/** Refuses a URL whose scheme is not http(s) or whose host is a forbidden IP literal; names are checked when resolved. */
export function checkTargetUrl(url: URL, policy: Pick<OutboundPolicy, 'allowPrivateNetworks'>): void {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('The URL must be http: or https:.');
  const literal = ipLiteralOf(url);
  if (literal !== null && !policy.allowPrivateNetworks && isForbiddenAddress(literal)) throw new ForbiddenAddressError(literal, literal);
}

/**
 * A DNS lookup that checks every address the name resolves to and hands exactly those to the
 * socket, so the address checked is the address connected to (no second resolution to rebind).
 */
function checkedLookup(policy: OutboundPolicy, onRefused: (error: Error) => void): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { all: true, family: options.family, hints: options.hints }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      const refused = policy.allowPrivateNetworks ? undefined : addresses.find((entry) => isForbiddenAddress(entry.address));
      if (refused || addresses.length === 0) {
        const failure = refused ? new ForbiddenAddressError(hostname, refused.address) : new Error(`${hostname} has no address.`);
        onRefused(failure);
        return callback(failure as NodeJS.ErrnoException, '', 0);
      }
      if (options.all) return (callback as unknown as (error: null, addresses: LookupAddress[]) => void)(null, addresses);
      callback(null, addresses[0].address, addresses[0].family);
    });
  };
}

/**
 * The `fetch` a remote MCP connection uses: node's http(s) client with the checked lookup, no
 * redirect followed by itself (the MCP SDK follows same-origin ones through this fetch again, so
 * each hop is checked), bodies counted against the limit. `refusal` and `tooLarge` tell the
 * connection why a request failed, whatever error the SDK wraps it in.
 */
export class GuardedFetch {
  refusal: Error | null = null;
  tooLarge = false;

  constructor(private readonly policy: OutboundPolicy) {}

  readonly fetch: FetchLike = (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input.href);
    try {
      checkTargetUrl(url, this.policy);
    } catch (error) {
      this.refusal = error as Error;
      return Promise.reject(error);
    }
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    return new Promise<Response>((resolve, reject) => {
      const request = send(
        url,
        {
          method: init?.method ?? 'GET',
          headers,
          lookup: checkedLookup(this.policy, (error) => (this.refusal = error)),
          signal: init?.signal ?? undefined,
        },
        (response) => resolve(this.toResponse(response)),
      );
      request.on('error', reject);
      const body = init?.body;
      if (body !== undefined && body !== null) request.write(typeof body === 'string' ? body : String(body));
      request.end();
    });
  };

  private toResponse(response: IncomingMessage): Response {
    let received = 0;
    const limit = this.policy.maxResponseBytes;
    const counted = response.pipe(
      new Transform({
        transform: (chunk: Buffer, _encoding, done) => {
          received += chunk.length;
          if (received > limit) {
            this.tooLarge = true;
            response.destroy();
            return done(new ResponseTooLargeError(limit));
          }
          done(null, chunk);
        },
      }),
    );
    response.on('error', (error) => counted.destroy(error));
    return webResponseOf(response, counted);
  }
}
