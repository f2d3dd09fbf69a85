-- Templates are added as folders (templates/src/<folder>/template.json), not by migrations: the
-- database checks only that a template id is well formed. What a template costs, and so whether a
-- user may publish it, is decided from purchases the payment function priced from the same folders.
alter table public.portfolios drop constraint portfolios_template_id_check;
alter table public.portfolios
  add constraint portfolios_template_id_format check (template_id = 'generator' or template_id ~ '^[1-9][0-9]{0,5}$');
