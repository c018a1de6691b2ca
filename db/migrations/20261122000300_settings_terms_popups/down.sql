DROP TABLE popup_reads;
DROP TABLE popups;
DROP TABLE contact_authorizations;
DROP TABLE use_terms;
DROP TABLE holidays;
DROP TABLE delays;
DROP TABLE settings;
