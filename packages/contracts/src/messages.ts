/** User-facing messages named by the specification (§5, §8). */
export const MESSAGES = {
  serverErrorTitle: 'Please consult with your admin',
  serverErrorDetail: 'Something went wrong, please consult with your admin',
  confirmDelete: 'Are you sure you want to Delete?',
  confirmDeleteLogs: 'Are you sure you want to delete logs data?',
  widgetLoadError: 'There is some error while loading data for this widget.',
  wrongDashboardPassword: 'Please enter correct password',
  twinDeleted: 'Twin deleted successfully',
  twinUpdated: 'Twin updated successfully',
  uploadHint: 'JPEG, PNG, GIF or PDF, up to 5MB',
  gatewayParam: {
    key: 'Please enter key',
    value: 'Please enter value',
    dataType: 'Please enter data type',
    unit: 'Please enter Unit',
    duplicate: 'This Key, Value, Type already exists',
  },
} as const;

/** 'Are you sure you want to {type}?' for archive and unarchive. */
export function confirmActionMessage(type: string): string {
  return `Are you sure you want to ${type}?`;
}
