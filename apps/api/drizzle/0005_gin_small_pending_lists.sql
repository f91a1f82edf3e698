-- Smaller pending lists for the trigram indexes (decision 027). A storage parameter, changed in
-- place: no index is rebuilt, so this is instant on a database of any size.
ALTER INDEX "client_messages_search_trgm" SET (gin_pending_list_limit = 256);--> statement-breakpoint
ALTER INDEX "clients_name_trgm" SET (gin_pending_list_limit = 256);--> statement-breakpoint
ALTER INDEX "clients_company_trgm" SET (gin_pending_list_limit = 256);--> statement-breakpoint
ALTER INDEX "clients_email_trgm" SET (gin_pending_list_limit = 256);--> statement-breakpoint
ALTER INDEX "clients_phone_trgm" SET (gin_pending_list_limit = 256);
