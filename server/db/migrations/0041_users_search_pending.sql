-- The users search's trigram index takes new entries into a pending list, read in full by every search until
-- it is merged into the index. The embedded database runs no autovacuum, so users written one at a time let
-- it grow to the default 4 MB, and a search then took twice as long (a 1,000-match count 5.7 ms against 2.2,
-- a 25-row page of 10,000 matches 14 ms against 7). At 512 kB the insert that overflows it merges it.
ALTER INDEX "users_search_idx" SET (gin_pending_list_limit = 512);
--> statement-breakpoint
-- A database upgraded with up to 4 MB pending merges it now rather than at its next write.
SELECT gin_clean_pending_list('users_search_idx');
