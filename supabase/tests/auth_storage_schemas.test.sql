-- local-cloud's auth and storage schemas have Supabase's shapes in every table the project and its
-- tests use: each column's name, type, nullability, default and whether it is generated, as Supabase
-- Auth's migrations (supabase/auth migrations/, to 20260625) and Supabase Storage's
-- (supabase/storage migrations/tenant/, to 0063) leave them on a new project; the enums' labels;
-- exact email uniqueness; Storage's block on deleting its rows with SQL. Passes unchanged on hosted
-- Supabase, where the facts come from, so code and tests that pass here pass there.
begin;
select plan(13);
-- Types are named with their schema, whatever the caller's search path.
set local search_path = public, extensions;

create temporary table supabase_columns (
  table_name text, column_name text, type text, not_null boolean, default_value text, generated boolean
) on commit drop;
insert into supabase_columns values
  ('auth.users', 'instance_id', 'uuid', false, null, false),
  ('auth.users', 'id', 'uuid', true, null, false),
  ('auth.users', 'aud', 'character varying(255)', false, null, false),
  ('auth.users', 'role', 'character varying(255)', false, null, false),
  ('auth.users', 'email', 'character varying(255)', false, null, false),
  ('auth.users', 'encrypted_password', 'character varying(255)', false, null, false),
  ('auth.users', 'email_confirmed_at', 'timestamp with time zone', false, null, false),
  ('auth.users', 'invited_at', 'timestamp with time zone', false, null, false),
  ('auth.users', 'confirmation_token', 'character varying(255)', false, null, false),
  ('auth.users', 'confirmation_sent_at', 'timestamp with time zone', false, null, false),
  ('auth.users', 'recovery_token', 'character varying(255)', false, null, false),
  ('auth.users', 'recovery_sent_at', 'timestamp with time zone', false, null, false),
  ('auth.users', 'email_change_token_new', 'character varying(255)', false, null, false),
  ('auth.users', 'email_change', 'character varying(255)', false, null, false),
  ('auth.users', 'email_change_sent_at', 'timestamp with time zone', false, null, false),
  ('auth.users', 'last_sign_in_at', 'timestamp with time zone', false, null, false),
  ('auth.users', 'raw_app_meta_data', 'jsonb', false, null, false),
  ('auth.users', 'raw_user_meta_data', 'jsonb', false, null, false),
  ('auth.users', 'is_super_admin', 'boolean', false, null, false),
  ('auth.users', 'created_at', 'timestamp with time zone', false, null, false),
  ('auth.users', 'updated_at', 'timestamp with time zone', false, null, false),
  ('auth.users', 'phone', 'text', false, 'NULL::character varying', false),
  ('auth.users', 'phone_confirmed_at', 'timestamp with time zone', false, null, false),
  ('auth.users', 'phone_change', 'text', false, '''''::character varying', false),
  ('auth.users', 'phone_change_token', 'character varying(255)', false, '''''::character varying', false),
  ('auth.users', 'phone_change_sent_at', 'timestamp with time zone', false, null, false),
  ('auth.users', 'confirmed_at', 'timestamp with time zone', false, null, true),
  ('auth.users', 'email_change_token_current', 'character varying(255)', false, '''''::character varying', false),
  ('auth.users', 'email_change_confirm_status', 'smallint', false, '0', false),
  ('auth.users', 'banned_until', 'timestamp with time zone', false, null, false),
  ('auth.users', 'reauthentication_token', 'character varying(255)', false, '''''::character varying', false),
  ('auth.users', 'reauthentication_sent_at', 'timestamp with time zone', false, null, false),
  ('auth.users', 'is_sso_user', 'boolean', true, 'false', false),
  ('auth.users', 'deleted_at', 'timestamp with time zone', false, null, false),
  ('auth.users', 'is_anonymous', 'boolean', true, 'false', false),
  ('auth.mfa_factors', 'id', 'uuid', true, null, false),
  ('auth.mfa_factors', 'user_id', 'uuid', true, null, false),
  ('auth.mfa_factors', 'friendly_name', 'text', false, null, false),
  ('auth.mfa_factors', 'factor_type', 'auth.factor_type', true, null, false),
  ('auth.mfa_factors', 'status', 'auth.factor_status', true, null, false),
  ('auth.mfa_factors', 'created_at', 'timestamp with time zone', true, null, false),
  ('auth.mfa_factors', 'updated_at', 'timestamp with time zone', true, null, false),
  ('auth.mfa_factors', 'secret', 'text', false, null, false),
  ('auth.mfa_factors', 'phone', 'text', false, null, false),
  ('auth.mfa_factors', 'last_challenged_at', 'timestamp with time zone', false, null, false),
  ('auth.mfa_factors', 'web_authn_credential', 'jsonb', false, null, false),
  ('auth.mfa_factors', 'web_authn_aaguid', 'uuid', false, null, false),
  ('auth.mfa_factors', 'last_webauthn_challenge_data', 'jsonb', false, null, false),
  ('auth.mfa_challenges', 'id', 'uuid', true, null, false),
  ('auth.mfa_challenges', 'factor_id', 'uuid', true, null, false),
  ('auth.mfa_challenges', 'created_at', 'timestamp with time zone', true, null, false),
  ('auth.mfa_challenges', 'verified_at', 'timestamp with time zone', false, null, false),
  ('auth.mfa_challenges', 'ip_address', 'inet', true, null, false),
  ('auth.mfa_challenges', 'otp_code', 'text', false, null, false),
  ('auth.mfa_challenges', 'web_authn_session_data', 'jsonb', false, null, false),
  ('storage.buckets', 'id', 'text', true, null, false),
  ('storage.buckets', 'name', 'text', true, null, false),
  ('storage.buckets', 'owner', 'uuid', false, null, false),
  ('storage.buckets', 'created_at', 'timestamp with time zone', false, 'now()', false),
  ('storage.buckets', 'updated_at', 'timestamp with time zone', false, 'now()', false),
  ('storage.buckets', 'public', 'boolean', false, 'false', false),
  ('storage.buckets', 'avif_autodetection', 'boolean', false, 'false', false),
  ('storage.buckets', 'file_size_limit', 'bigint', false, null, false),
  ('storage.buckets', 'allowed_mime_types', 'text[]', false, null, false),
  ('storage.buckets', 'owner_id', 'text', false, null, false),
  ('storage.buckets', 'type', 'storage.buckettype', true, '''STANDARD''::storage.buckettype', false),
  ('storage.buckets', 'versioning_status', 'text', true, '''DISABLED''::text', false),
  ('storage.objects', 'id', 'uuid', true, 'gen_random_uuid()', false),
  ('storage.objects', 'bucket_id', 'text', false, null, false),
  ('storage.objects', 'name', 'text', false, null, false),
  ('storage.objects', 'owner', 'uuid', false, null, false),
  ('storage.objects', 'created_at', 'timestamp with time zone', false, 'now()', false),
  ('storage.objects', 'updated_at', 'timestamp with time zone', false, 'now()', false),
  ('storage.objects', 'last_accessed_at', 'timestamp with time zone', false, 'now()', false),
  ('storage.objects', 'metadata', 'jsonb', false, null, false),
  ('storage.objects', 'path_tokens', 'text[]', false, null, true),
  ('storage.objects', 'version', 'text', false, null, false),
  ('storage.objects', 'owner_id', 'text', false, null, false),
  ('storage.objects', 'user_metadata', 'jsonb', false, null, false),
  ('storage.objects', 'archived_at', 'timestamp with time zone', false, null, false),
  ('storage.objects', 'is_delete_marker', 'boolean', true, 'false', false),
  ('storage.objects', 'is_versioned', 'boolean', true, 'false', false);

create temporary view local_columns as
select n.nspname || '.' || c.relname as table_name, a.attname::text as column_name, format_type(a.atttypid, a.atttypmod) as type,
       a.attnotnull as not_null, case when a.attgenerated = '' then pg_get_expr(d.adbin, d.adrelid) end as default_value,
       a.attgenerated <> '' as generated
  from pg_attribute a
  join pg_class c on c.oid = a.attrelid
  join pg_namespace n on n.oid = c.relnamespace
  left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
 where a.attnum > 0 and not a.attisdropped and n.nspname in ('auth', 'storage');

select set_eq(format('select * from local_columns where table_name = %L', t), format('select * from supabase_columns where table_name = %L', t),
              t || ' has Supabase''s columns, types, nullability and defaults')
  from unnest(array['auth.users', 'auth.mfa_factors', 'auth.mfa_challenges', 'storage.buckets', 'storage.objects']) as t;

select enum_has_labels('auth', 'factor_type', array['totp', 'webauthn', 'phone'], 'auth.factor_type as Supabase Auth has it');
select enum_has_labels('auth', 'factor_status', array['unverified', 'verified'], 'auth.factor_status as Supabase Auth has it');
select enum_has_labels('storage', 'buckettype', array['STANDARD', 'ANALYTICS', 'VECTOR'], 'storage.buckettype as Supabase Storage has it');

-- Auth lower-cases an address before it stores it; the table itself compares addresses exactly.
insert into auth.users (id, email) values (gen_random_uuid(), 'same@example.test');
select throws_ok($$ insert into auth.users (id, email) values (gen_random_uuid(), 'same@example.test') $$, '23505', null,
  'one account per address');
select lives_ok($$ insert into auth.users (id, email) values (gen_random_uuid(), 'Same@example.test') $$,
  'compared exactly, as Supabase Auth''s users_email_partial_key does');

select throws_ok('delete from storage.objects', '42501', 'Direct deletion from storage tables is not allowed. Use the Storage API instead.',
  'rows of storage.objects are not deleted with SQL');
select throws_ok('delete from storage.buckets where false', '42501', null, 'nor those of storage.buckets');
select set_config('storage.allow_delete_query', 'true', true);
select lives_ok('delete from storage.objects where false', 'Storage''s own transactions say so, and may');

select * from finish();
rollback;
