-- Demo data for local development and tests. Safe to run again (nothing is duplicated).
--
--   admin@example.org     / admin-demo-1     administrator            11111111-1111-4111-8111-111111111111
--   provider@example.org  / provider-demo-1  verified provider        22222222-2222-4222-8222-222222222222
--                                            "Harbor Demo Treatment Center", providers.id 44444444-4444-4444-8444-444444444444
--   family@example.org    / family-demo-1    family, one favorite     33333333-3333-4333-8333-333333333333
--
-- Passwords are bcrypt hashes made by pgcrypto, the format Supabase Auth (GoTrue) stores and checks,
-- at cost 10 like every hash the auth server makes (BCRYPT_COST in supabase/local/auth/store.ts, GoTrue's
-- bcrypt.DefaultCost): at pgcrypto's default cost 6 these accounts answered a wrong password about
-- six times faster than any other and could be told apart by timing.

-- ---- users ------------------------------------------------------------------------------------------
insert into auth.users (
  instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
  confirmation_token, recovery_token, email_change_token_new, email_change,
  raw_app_meta_data, raw_user_meta_data, created_at, updated_at
)
select
  '00000000-0000-0000-0000-000000000000', u.id, 'authenticated', 'authenticated', u.email,
  extensions.crypt(u.password, extensions.gen_salt('bf', 10)), now(),
  '', '', '', '',
  '{"provider": "email", "providers": ["email"]}'::jsonb, u.meta, now(), now()
from (values
  ('11111111-1111-4111-8111-111111111111'::uuid, 'admin@example.org', 'admin-demo-1',
   '{"full_name": "Demo Admin", "name": "Demo Admin"}'::jsonb),
  ('22222222-2222-4222-8222-222222222222'::uuid, 'provider@example.org', 'provider-demo-1',
   '{"full_name": "Dana Harbor", "name": "Dana Harbor", "organization_name": "Harbor Demo Treatment Center", "phone": "(555) 010-0142"}'::jsonb),
  ('33333333-3333-4333-8333-333333333333'::uuid, 'family@example.org', 'family-demo-1',
   '{"full_name": "Demo Family", "name": "Demo Family"}'::jsonb)
) as u (id, email, password, meta)
on conflict (id) do nothing;

insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
select u.id::text, u.id,
  jsonb_build_object('sub', u.id::text, 'email', u.email, 'email_verified', true, 'phone_verified', false),
  'email', now(), now(), now()
from auth.users u
where u.id in (
  '11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222', '33333333-3333-4333-8333-333333333333'
)
on conflict (provider_id, provider) do nothing;

insert into public.user_roles (user_id, role) values
  ('11111111-1111-4111-8111-111111111111', 'admin'),
  ('33333333-3333-4333-8333-333333333333', 'user')
on conflict (user_id, role) do nothing;

-- ---- the demo provider, verified the way the product verifies: request, then approval -----------------
do $$
begin
  if exists (select 1 from public.providers where id = '44444444-4444-4444-8444-444444444444') then
    return;
  end if;

  insert into public.providers (
    id, user_id, organization_name, contact_name, email, phone, website, description, location, state,
    subscription_plan, subscription_status, trial_ends_at
  ) values (
    '44444444-4444-4444-8444-444444444444', '22222222-2222-4222-8222-222222222222',
    'Harbor Demo Treatment Center', 'Dana Harbor', 'provider@example.org', '(555) 010-0142',
    'https://example.org/harbor-demo',
    'A fictional residential OCD program used to demonstrate the provider dashboard.',
    'Springfield', 'Illinois', 'free', 'trial', now() + interval '14 days'
  );

  insert into public.provider_verification_requests (id, provider_id, documents_submitted)
  values ('66666666-6666-4666-8666-666666666666', '44444444-4444-4444-8444-444444444444',
          array['State license (demo)', 'Joint Commission accreditation letter (demo)']);

  update public.provider_verification_requests
  set status = 'approved', reviewer_id = '11111111-1111-4111-8111-111111111111',
      reviewer_notes = 'Demo documents accepted.'
  where id = '66666666-6666-4666-8666-666666666666';

  -- Published as the test program, so the testing suite's inquiries reach this provider.
  insert into public.provider_listings (
    id, provider_id, center_name, description, phone, email, website, address, city, state, zip_code,
    age_groups, gender_specific, setting, capacity, avg_length, modalities, staff_ratio, medical_support,
    insurance, financial_aid, accreditations, status, submitted_at, reviewed_at, reviewed_by,
    reviewer_notes, published_program_id
  ) values (
    '55555555-5555-4555-8555-555555555555', '44444444-4444-4444-8444-444444444444',
    'Harbor Demo Treatment Center',
    'A fictional residential OCD program used to demonstrate listings, inquiries and engagement.',
    '(555) 010-0142', 'provider@example.org', 'https://example.org/harbor-demo',
    '100 Demo Street', 'Springfield', 'Illinois', '62701',
    array['Adolescents', 'Young Adults'], 'Co-ed', 'Residential OCD Program', 16, '45-90 days',
    array['ERP', 'CBT', 'ACT'], '1:3', '24/7 nursing; psychiatrist on call',
    array['In-Network', 'Private Pay'], 'Sliding scale available', array['JCAHO'],
    'approved', now() - interval '2 days', now() - interval '1 day', '11111111-1111-4111-8111-111111111111',
    'Demo listing approved.', 'test-program-001'
  );

  -- Waiting for review, complete enough to publish: the demo admin can approve it on /admin and
  -- see it in the directory after the rebuild.
  insert into public.provider_listings (
    id, provider_id, center_name, description, phone, email, website, address, city, state, zip_code,
    age_groups, gender_specific, setting, capacity, avg_length, modalities, staff_ratio, medical_support,
    insurance, financial_aid, accreditations, status
  ) values (
    'eeeeeeee-eeee-4eee-8eee-eeeeeeeeeeee', '44444444-4444-4444-8444-444444444444',
    'Lakeside Demo Young Adult Residence',
    E'A fictional residential OCD program for young adults, waiting for review.\n\nDaily exposure and response prevention with a small team; families join weekly sessions.',
    '(555) 010-0143', 'provider@example.org', 'https://example.org/lakeside-demo',
    '200 Demo Lake Road', 'Madison', 'Wisconsin', '53703',
    array['Young Adults'], 'Co-ed', 'Residential OCD Program', 12, '60-90 days',
    array['ERP', 'ACT', 'Family Therapy'], '1:2', 'Nurse on site daytime; psychiatrist weekly',
    array['Out-of-Network', 'Private Pay'], 'Payment plans available', array['CARF'], 'pending'
  );

  insert into public.provider_inquiries (program_id, type, name, email, phone, message, program_name, location, status, created_at)
  values
    ('test-program-001', 'call', 'Jordan Example', 'jordan@example.com', '(555) 010-0177',
     'Please call about availability for my son (16).', 'Test Program - DO NOT DISPLAY LIVE', 'Springfield, Illinois',
     'new', now() - interval '3 hours'),
    ('test-program-001', 'info', 'Sam Example', 'sam@example.com', null,
     'Do you accept Blue Cross plans?', 'Test Program - DO NOT DISPLAY LIVE', 'Springfield, Illinois',
     'contacted', now() - interval '1 day'),
    ('test-program-001', 'info', 'Riley Example', 'riley@example.com', null,
     '', 'Test Program - DO NOT DISPLAY LIVE', 'Springfield, Illinois',
     'closed', now() - interval '5 days');

  insert into public.program_engagement (program_id, event_type, created_at)
  select 'test-program-001', e.event_type, now() - make_interval(hours => e.hours_ago)
  from (values ('view', 1), ('view', 2), ('view', 5), ('website_click', 2), ('call_click', 3), ('info_request', 24)) as e (event_type, hours_ago);

  insert into public.program_engagement (program_id, event_type, created_at)
  values ('mclean', 'view', now() - interval '4 hours'), ('mclean', 'website_click', now() - interval '4 hours');

  -- The decisions above are demo history, not news: their notifications (the verification
  -- approval's "now verified" e-mail, which also asks for a rebuild because the provider has a
  -- live listing) count as sent, so a first `npm start` neither mails the demo provider nor
  -- rebuilds the site a minute after building it.
  update public.notifications set claimed_at = now(), sent_at = now()
  where provider_id = '44444444-4444-4444-8444-444444444444' and sent_at is null;
end
$$;

insert into public.user_favorites (user_id, program_id, program_name)
values ('33333333-3333-4333-8333-333333333333', 'mclean', 'McLean OCD Institute for Children and Adolescents')
on conflict (user_id, program_id) do nothing;

-- ---- sample reviews ---------------------------------------------------------------------------------
-- Clearly fictional demo reviews of some sample programs, so the local demo shows ratings, the
-- distribution and the markers. Marked as sample data (`sample`: "Sample review — demo data"),
-- written by no account, published as if checked by the demo administrator. Ratings from 1 to 5:
-- the demo shows critical reviews too. JSON-LD states no rating for a program with any of them.
-- Some sample programs are left without reviews ("No reviews yet").
insert into public.program_reviews (
  id, program_id, user_id, rating, title, body, relationship, stay_year, public_name, sample, status,
  moderated_at, moderated_by, created_at, updated_at
)
select r.id::uuid, r.program_id, null, r.rating, r.title, r.body, r.relationship, r.stay_year, r.public_name, true,
       'published', now() - make_interval(days => r.days_ago - 1), '11111111-1111-4111-8111-111111111111',
       now() - make_interval(days => r.days_ago), now() - make_interval(days => r.days_ago)
from (values
  ('5a000000-0000-4000-8000-000000000001', 'tidemark-ocd-residential', 5, 'Structured and kind',
   'Fictional demo review. The daily exposure plan was clear from the first week, and the weekend family sessions helped us stop reassuring our son.',
   'parent_or_guardian', 2025, 'Dana P.', 40),
  ('5a000000-0000-4000-8000-000000000002', 'tidemark-ocd-residential', 4, 'Hard work, worth it',
   'Fictional demo review. Exposure work was harder than I expected, but the therapists explained every step. Meals were the weak point.',
   'former_resident', 2024, 'Sam R.', 95),
  ('5a000000-0000-4000-8000-000000000003', 'tidemark-ocd-residential', 2, 'Slow to answer calls',
   'Fictional demo review. Treatment itself was good, but it took two weeks and several calls before admissions called us back about insurance.',
   'contacted_admissions', null, 'A parent', 12),
  ('5a000000-0000-4000-8000-000000000004', 'silver-creek-ranch', 5, 'The ranch work helped',
   'Fictional demo review. Our daughter says the outdoor work between exposure sessions made the long days bearable. Communication with parents was excellent.',
   'parent_or_guardian', 2024, 'A parent', 60),
  ('5a000000-0000-4000-8000-000000000005', 'silver-creek-ranch', 3, 'Good therapy, far from home',
   'Fictional demo review. The therapy was solid, but the location made family weekends expensive and hard to arrange for us.',
   'other_family_member', 2023, 'Lee M.', 180),
  ('5a000000-0000-4000-8000-000000000006', 'cedar-hollow-childrens-ocd', 5, 'Gentle with young children',
   'Fictional demo review. Staff used games to build the exposure ladder and kept us involved every day. Our son still uses the tools at home.',
   'parent_or_guardian', 2025, 'Maria G.', 20),
  ('5a000000-0000-4000-8000-000000000007', 'cedar-hollow-childrens-ocd', 4, 'Helpful, with a waitlist',
   'Fictional demo review. We waited six weeks for a bed. Once there, the team was patient and the school liaison was a real help.',
   'parent_or_guardian', 2024, 'A parent', 130),
  ('5a000000-0000-4000-8000-000000000008', 'granite-pines-ocd-lodge', 4, 'Quiet and focused',
   'Fictional demo review. A calm place with a clear ERP schedule. I would have liked more individual sessions each week.',
   'former_resident', 2025, 'Chris T.', 33),
  ('5a000000-0000-4000-8000-000000000009', 'granite-pines-ocd-lodge', 1, 'Not the right fit for us',
   'Fictional demo review. The program felt too general for severe contamination fears, and discharge planning started late. Others may have a different experience.',
   'parent_or_guardian', 2023, 'A parent', 210),
  ('5a000000-0000-4000-8000-000000000010', 'juniper-trail-young-adult-ocd', 5, 'Treated like an adult',
   'Fictional demo review. The team let me set my own exposure goals and helped me plan going back to college.',
   'former_resident', 2025, 'Jordan K.', 15),
  ('5a000000-0000-4000-8000-000000000011', 'aspen-cove-womens-ocd', 5, 'Safe and respectful',
   'Fictional demo review. A women-only program where I felt safe doing the hardest exposures of my life. The aftercare plan was detailed.',
   'former_resident', 2024, 'Alex B.', 75),
  ('5a000000-0000-4000-8000-000000000012', 'aspen-cove-womens-ocd', 4, 'Good care, costly',
   'Fictional demo review. Care was excellent; the out-of-network costs were higher than the estimate we were given.',
   'other_family_member', 2024, 'Robin S.', 150),
  ('5a000000-0000-4000-8000-000000000013', 'northgate-ocd-inpatient', 3, 'Stabilized, then moved on',
   'Fictional demo review. The inpatient stay stabilized our son quickly, but there was less ERP than we hoped before step-down.',
   'parent_or_guardian', 2025, 'A parent', 50),
  ('5a000000-0000-4000-8000-000000000014', 'sunfield-family-ocd', 5, 'Family work made the difference',
   'Fictional demo review. Learning to stop accommodating was hard for all of us; the family coaching is why this worked.',
   'parent_or_guardian', 2025, 'Pat W.', 25),
  ('5a000000-0000-4000-8000-000000000015', 'sunfield-family-ocd', 2, 'Rigid visiting rules',
   'Fictional demo review. We understood the reasons, but the visiting rules were hard on our younger children.',
   'other_family_member', 2024, 'A parent', 110)
) as r (id, program_id, rating, title, body, relationship, stay_year, public_name, days_ago)
on conflict (id) do nothing;
