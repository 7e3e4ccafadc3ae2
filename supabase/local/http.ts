/**
 * Tiny node:http helpers shared by the auth server and the mail outbox. No framework on purpose:
 * the surface is small and every header we send must be deliberate (CORS, API version).
 */
import {
  createServer,
  type IncomingMessage,
  type Server,
  type ServerOptions,
  type ServerResponse,
} from 'node:http';

/**
 * Connection timeouts of every local HTTP server (auth, outbox, `npm start`'s site), as production
 * servers behind keep-alive clients set them. A keep-alive connection must stay open longer than
 * clients keep idle connections before reusing them: with Node's default of 5 s, a client that
 * reuses a socket just as the server closes it gets "socket hang up" (about 0.5 % of requests
 * under 20 keep-alive clients). 65 s is above common clients' idle times (Node and undici follow
 * the `Keep-Alive: timeout=65` hint; Go's transport, Python's pools and browsers keep idle sockets
 * without reading it) and above load balancers' 60 s. The header timeout is above it, as in those
 * setups, and Node requires the request timeout to be at least the header timeout. A request
 * body has its own 5 s limit in the site's function routing (scripts/lib/functions.ts).
 */
export const SERVER_TIMEOUTS = {
  keepAliveTimeout: 65_000,
  headersTimeout: 66_000,
  requestTimeout: 70_000,
} as const satisfies ServerOptions;

/** `http.createServer` with SERVER_TIMEOUTS. */
export function createLocalServer(handler: (req: IncomingMessage, res: ServerResponse) => void): Server {
  return createServer(SERVER_TIMEOUTS, handler);
}

/** Bodies above this are refused: nothing the auth API or the outbox accepts comes close. */
const MAX_BODY_BYTES = 1_000_000;

export class BodyError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

/** Reads and parses a JSON object body; an empty body is `{}` (supabase-js sends JSON, curl may not). */
export async function readJsonObject(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new BodyError(413, 'Request body is too large.');
    chunks.push(chunk);
  }
  const raw = Buffer.concat(chunks).toString('utf8').trim();
  if (raw === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new BodyError(400, 'Request body is not valid JSON.');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new BodyError(400, 'Request body must be a JSON object.');
  }
  return parsed as Record<string, unknown>;
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const payload = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    'content-length': Buffer.byteLength(payload),
    ...headers,
  });
  res.end(payload);
}

/** Resolves once the server listens; `port: 0` picks a free port. Returns the bound port. */
export function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (err: NodeJS.ErrnoException): void => {
      server.off('listening', onListening);
      reject(
        err.code === 'EADDRINUSE'
          ? new Error(
              `Port ${port} on ${host} is already in use. Stop whatever uses it or choose another port.`,
            )
          : err,
      );
    };
    const onListening = (): void => {
      server.off('error', onError);
      const address = server.address();
      resolve(typeof address === 'object' && address !== null ? address.port : port);
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(port, host);
  });
}

/** Closes the server, cutting idle keep-alive sockets so shutdown does not hang. */
export function close(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => {
      resolve();
    });
    server.closeAllConnections();
  });
}

export function clientIp(req: IncomingMessage): string {
  return req.socket.remoteAddress ?? 'unknown';
}
