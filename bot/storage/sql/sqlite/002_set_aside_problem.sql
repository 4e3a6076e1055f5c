-- Why a table was set aside (its row could not be restored); it is kept, not retried.
ALTER TABLE tables ADD COLUMN problem TEXT;
