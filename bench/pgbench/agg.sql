-- A short aggregate query: sum/avg/max over 1000 consecutive rows of the table.
\set lo random(1, 99000)
SELECT sum(v), avg(v), max(v) FROM fnb_pgb_@T@ WHERE id BETWEEN :lo AND :lo + 999;
