-- The language an applicant registered in: the approval (or rejection) mail is written in it.
-- Applications from before this column were made without one; English is the portal's default.
alter table partner_applications add column language text not null default 'en'
  check (language in ('en', 'fr', 'de', 'it', 'es'));
