-- Generating 100,000 codes maintained five indexes: the list sorted by date does without its own index (it
-- sorts the pack's rows), and generating stays within its 5 seconds.
DROP INDEX IF EXISTS "activation_codes_pack_list_idx";