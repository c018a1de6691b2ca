-- Terms of use (spec 3 "Access term form"): one title per company, so a second term with
-- the same title answers 'Dado já cadastrado!', and at most one active term per company:
-- saving a term as active deactivates the others in the same transaction, and this index
-- keeps two simultaneous activations from both winning.
CREATE UNIQUE INDEX use_terms_company_title_key ON use_terms (company_id, lower(title));
CREATE UNIQUE INDEX use_terms_one_active_per_company ON use_terms (company_id) WHERE active;
