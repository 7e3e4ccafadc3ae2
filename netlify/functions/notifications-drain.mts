/**
 * Scheduled function (every 5 minutes): sends the e-mails of administrator decisions that are
 * still in the `notifications` outbox, e.g. decisions made in Supabase Studio, or ones whose
 * e-mail failed right after a decision on /admin. See `_shared/notifications.ts`.
 *
 * Scheduled functions have no URL (no `config.path`), so the local server does not route to it;
 * `npm start` calls `drainNotifications()` itself every minute.
 */
import type { Config } from '@netlify/functions';
import { drainNotifications } from './_shared/notifications.ts';

export default async (): Promise<Response> => {
  const result = await drainNotifications();
  console.log(
    `[notifications-drain] claimed ${String(result.claimed)}, sent ${String(result.sent)}, failed ${String(result.failed)}`,
  );
  return new Response(null, { status: 204 });
};

export const config: Config = {
  schedule: '*/5 * * * *',
};
