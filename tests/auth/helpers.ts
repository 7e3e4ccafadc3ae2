/** Shared by the auth tests: clients against the local backend and access to the outbox. */
import { randomUUID } from 'node:crypto';
import { createClient } from '@supabase/supabase-js';
import postgres from 'postgres';
import { inject } from 'vitest';
import type { OutboxMessage } from '../../supabase/local/outbox.ts';

export const supabaseUrl = inject('supabaseUrl');
export const anonKey = inject('anonKey');
export const outboxUrl = inject('outboxUrl');
export const siteUrl = inject('siteUrl');
export const authUrl = `${supabaseUrl}/auth/v1`;

export function newClient(flowType: 'implicit' | 'pkce' = 'implicit') {
  return createClient(supabaseUrl, anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false, flowType },
  });
}

export function uniqueEmail(label: string): string {
  return `${label}-${randomUUID().slice(0, 8)}@example.com`;
}

export function db(): postgres.Sql {
  return postgres(inject('databaseUrl'), { max: 1, prepare: false, onnotice: () => undefined });
}

export async function mailsTo(address: string): Promise<OutboxMessage[]> {
  const res = await fetch(`${outboxUrl}/api/messages?to=${encodeURIComponent(address)}`);
  if (!res.ok) throw new Error(`outbox answered ${res.status}`);
  return (await res.json()) as OutboxMessage[];
}

/**
 * The newest mail to `address` (matching `subject`, when given). Waits up to 5 s for it: the
 * mail-only endpoints (/otp, /recover, /resend) answer first and mail afterwards.
 */
export async function latestMail(address: string, subject?: RegExp): Promise<OutboxMessage> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const mail = (await mailsTo(address)).find((m) => subject === undefined || subject.test(m.subject));
    if (mail !== undefined) return mail;
    if (Date.now() > deadline)
      throw new Error(`no mail${subject ? ` "${subject.source}"` : ''} to ${address}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Waits (up to 5 s) until `address` has at least `count` mails; returns them, newest first. */
export async function waitForMails(address: string, count: number): Promise<OutboxMessage[]> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const mails = await mailsTo(address);
    if (mails.length >= count || Date.now() > deadline) return mails;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * Gives the auth server's after-the-answer work (/otp, /recover, /resend) time to finish, before
 * asserting that a request mailed nothing: such work takes a few milliseconds.
 */
export async function settle(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 300));
}

/** The auth server link and the site page link of an auth e-mail (both are in the text). */
export function linksOf(mail: OutboxMessage): { verify: URL; confirm: URL; otp: string } {
  const verify = /https?:\/\/\S+\/auth\/v1\/verify\?\S+/.exec(mail.text)?.[0];
  const confirm = /https?:\/\/\S+\/auth\/confirm\?\S+/.exec(mail.text)?.[0];
  const otp = /code: (\d{6})/.exec(mail.text)?.[1];
  if (verify === undefined || confirm === undefined || otp === undefined)
    throw new Error(`no links in: ${mail.text}`);
  return { verify: new URL(verify), confirm: new URL(confirm), otp };
}

/** Opens an e-mail link without following the redirect; returns where it leads. */
export async function follow(link: URL): Promise<{ status: number; location: URL; hash: URLSearchParams }> {
  const res = await fetch(link, { redirect: 'manual' });
  const location = new URL(res.headers.get('location') ?? 'about:blank');
  return { status: res.status, location, hash: new URLSearchParams(location.hash.slice(1)) };
}

/** Raw call to the auth API with the project key (for exact statuses and bodies). */
export async function api(
  path: string,
  init: { method?: string; body?: unknown; token?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: Record<string, unknown>; headers: Headers }> {
  const res = await fetch(`${authUrl}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: {
      apikey: anonKey,
      'content-type': 'application/json',
      ...(init.token === undefined ? {} : { authorization: `Bearer ${init.token}` }),
      ...init.headers,
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  const text = await res.text();
  return {
    status: res.status,
    body: text === '' ? {} : (JSON.parse(text) as Record<string, unknown>),
    headers: res.headers,
  };
}

/** Signs up and confirms through the e-mail link; returns the address. */
export async function confirmedUser(password: string, label = 'user'): Promise<string> {
  const email = uniqueEmail(label);
  const { error } = await newClient().auth.signUp({ email, password });
  if (error) throw error;
  const { status } = await follow(linksOf(await latestMail(email)).verify);
  if (status !== 303) throw new Error(`confirmation link answered ${status}`);
  return email;
}

/** Lets the same address be mailed again now (the 60 s per-address limit is real). */
export async function forgetLastMail(email: string): Promise<void> {
  const sql = db();
  try {
    await sql`update auth.users set confirmation_sent_at = now() - interval '2 minutes',
              recovery_sent_at = now() - interval '2 minutes' where lower(email) = lower(${email})`;
  } finally {
    await sql.end();
  }
}
