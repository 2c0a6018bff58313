-- Searches inside a customer (server/db/reach.ts): under row-level security PostgreSQL uses an index only for a
-- condition whose functions are LEAKPROOF (they can say nothing about a row but through their result), or it
-- filters every row of the customer. The server's searches compare lower(…) (the unique names, an email) and
-- ILIKE / LIKE (the users' trigram index); those functions raise no error that depends on a row's value, so
-- they are marked so. Only a superuser may mark a function: on a PostgreSQL where the server's user is not
-- one, the searches stay correct and scan the customer's rows instead (the README says how to mark them).
DO $$ BEGIN
  IF (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
    ALTER FUNCTION pg_catalog.lower(text) LEAKPROOF;
    ALTER FUNCTION pg_catalog.texticlike(text, text) LEAKPROOF;
    ALTER FUNCTION pg_catalog.textlike(text, text) LEAKPROOF;
  ELSE
    RAISE NOTICE 'not a superuser: lower, texticlike and textlike are not marked LEAKPROOF (searches inside a customer scan its rows)';
  END IF;
END $$;
