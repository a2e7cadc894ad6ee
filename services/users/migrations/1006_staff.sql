-- Staff accounts managed in the back office (services/users/README.md,
-- "Staff"): an administrator disables an account (its sessions end, its
-- logins are refused) or enables it again.
ALTER TABLE customers ADD COLUMN disabled_at BIGINT;
