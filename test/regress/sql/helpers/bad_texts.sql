-- What the bad-input suites share: the helpers that show a text's outcome for numeric and
-- fastnumeric side by side, and the table of texts each suite fills (text_doors.sql reads it).
\i :abs_srcdir/sql/helpers/input_result.sql
\i :abs_srcdir/sql/helpers/outcome.sql
\i :abs_srcdir/sql/helpers/side_by_side.sql
CREATE TABLE bad_texts (id int GENERATED ALWAYS AS IDENTITY, label text, txt text);
