-- Issue 28 (search-i): the staff log's titles indexed with their words joined. A trigram index
-- keeps each word's trigrams apart (pg_trgm splits at spaces), so a phrase of words that are
-- each in nearly every title ("braga alterou": "Felipe Braga 1</b> alterou ...") made every
-- title of the period a candidate, rechecked one by one (124 ms over 90 days of the bench),
-- though no title holds the phrase. With the spaces read as 'Q' the trigrams cross the words
-- (pg_trgm reads 'Q' as 'q': "gaq", "aqa", "qal"): only titles where the words meet are
-- candidates. The folded title has no upper-case letter (patio_fold lowers last), so
-- `replace(title_fold, ' ', 'Q') LIKE <the folded pattern with ' ' as 'Q'>` holds exactly
-- when `title_fold LIKE <the folded pattern>` does; the search compares that alone. For a
-- single word the index reads the trigrams the one it replaces read.
DROP INDEX staff_logs_title_fold_trgm_idx;
CREATE INDEX staff_logs_title_joined_trgm_idx
    ON staff_logs USING gin (replace(title_fold, ' ', 'Q') gin_trgm_ops);
-- The planner's statistics of the indexed expression, which the search's estimate reads.
ANALYZE staff_logs;
