-- Each text of bad_texts (id, label, txt) through the doors of text input, numeric beside
-- fastnumeric (needs helpers/side_by_side.sql).

-- the input function called directly: fastnumeric_in against numeric_in (value and bytes
--    when accepted, SQLSTATE and message when not)
SELECT id, label, brief(input_result(txt, -1, false)) AS numeric,
       brief(input_result(txt, -1, true)) AS fastnumeric
FROM bad_texts ORDER BY id;

-- INSERT: two good rows and the bad one in one VALUES list, then the same rows through a
--    run-time cast in INSERT ... SELECT; a failure keeps none of the three rows
SELECT id, label, s.*
FROM bad_texts, side_by_side(format('INSERT INTO bad_{T} (v) VALUES (%L), (%L), (%L)', '1', '2.5', txt)) s
ORDER BY id;
SELECT id, label, s.*
FROM bad_texts, side_by_side(format('INSERT INTO bad_{T} (v) SELECT t::{T} FROM unnest(%L::text[]) t',
                              ARRAY['1', '2.5', txt])) s
ORDER BY id;

-- COPY FROM in text and CSV formats: two good lines, then the bad one (the file is written
--    by COPY ... TO, so tabs, newlines and backslashes arrive as they are; in CSV the empty
--    text is quoted, so it is not NULL)
SELECT id, label, c.* FROM bad_texts, copy_from(ARRAY['1', '2.5', txt], 'FORMAT text') c ORDER BY id;
SELECT id, label, c.* FROM bad_texts, copy_from(ARRAY['1', '2.5', txt], 'FORMAT csv') c ORDER BY id;
