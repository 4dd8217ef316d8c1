/** What `npm run erp -- help` prints: the commands and where they find the store. */
export const USAGE = `Usage: npm run erp -- <command>
  projections                 list projections with their checkpoint
  rebuild <name|--all>        rebuild a projection from position 0 and swap it in (app keeps serving)
  export [file]               write the event log as NDJSON (stdout when no file)
  import <file>               load an NDJSON export into an empty store, then rebuild projections
  backup [file]               write users, id counters, webhooks, API keys and the event log to one gzipped
                              file (default ./erp-backup-<date-time>.ndjson.gz), tagged with the
                              backup key: --key-file <file>, else ERP_BACKUP_KEY, else
                              ERP_DATA_DIR/backup.key (made on first use)
  restore <file>              check a backup's tag with the key it was made with (the same places;
                              on a new machine: --key-file <the old machine's backup.key>), load it
                              into an empty store, then rebuild projections; --allow-unverified-v1
                              reads a version 1 backup, which has no tag
  create-user <username>      create a user; password from ERP_NEW_PASSWORD, role from ERP_NEW_ROLE
                              (owner, staff, accountant or viewer; default owner)
  setup-code                  while no account exists: make a new one-time setup code and print it
Uses DATABASE_URL when set, else the embedded PostgreSQL under ERP_DATA_DIR (default ./data).`;
