// The apps' names and local ports come from the one table in shared's contracts.
export { APPS, LOCAL_CLOUD_PORT, LOCAL_MAILBOX_PORT } from '@folioforge/shared/apps-table';
