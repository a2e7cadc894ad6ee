-- Where a reply goes: the guest's address on the guesthouse's copy of a
-- question or of a booking's notice; NULL for the sender's own address.
ALTER TABLE outgoing_mail ADD COLUMN reply_to TEXT;
