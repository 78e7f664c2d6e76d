import { ASSET_MESSAGES } from './messages-assets';
import { INPUT_MESSAGES } from './messages-inputs';

/** Sign-in, accounts and the messages every screen shares; the rest by area in ./messages-*.ts. */
export const GENERAL_MESSAGES = {
  loginUnsuccessful: 'Login unsuccessful.  Please try again',
  testDriveUnavailable: 'The free test drive is not available on this installation.',
  testDriveReadOnly: 'This is the free test drive: you can look at everything, but changes are not saved.',
  testDriveAccountProtected: 'The test drive account cannot be changed, blocked or deleted.',
  testDriveOrganisationProtected: 'The test drive organisation cannot be disabled.',
  emailNotValidReset: 'Email does not seem to be a valid email',
  resetEmailSent: 'An email has been sent with instructions',
  passwordNotCorrect: 'Password was not correct',
  passwordChanged: 'Password changed',
  yourPasswordNotCorrect: 'Your password was not correct',
  passwordComplexity: 'Password requires greater complexity',
  passwordsDoNotMatch: 'Passwords do not match',
  timeout: 'timeout',
  noResults: 'No results',
  noIncreases: 'No meters increased consumption',
  noDecreases: 'No meters decreased consumption',
  incompleteMonth: 'Data for this month is incomplete',
  noPieData: 'No data found for that period.',
  favouriteGraphSetUp: 'Favourite Graph {name} set up',
  favouriteNameRequired: 'Enter a name for the favourite graph',
  favouriteGraphMissing: 'There is no favourite graph of that name',
  favouriteNameTaken: 'A favourite graph of that name already exists',
  graphDefinitionInvalid: 'The graph definition could not be read, so an empty graph builder is shown.',
  graphSeriesLimit: 'A graph can show at most {max} series; remove some and try again',
  graphEndMonthFuture: 'The end month cannot be after this month',
  graphDayNeedsTimeseries: 'Day figures are shown on a Timeseries Chart',
  graphDayNeedsConsumption:
    'Day figures come from half-hour data, so only consumption in kWh can be shown by day',
  graphDayRange: 'Day figures can cover at most {max} days: choose a later first year',
  graphSplitNone: 'This source cannot be split that way',
  switchFailed: "Switch failed - you probably don't have access",
  noOrganisationSelected: 'No organisation is selected',
  tooManyLoginAttempts: 'Too many sign-in attempts. Please wait {wait} and try again.',
  resetLinkInvalid: 'This password reset link is invalid or has expired. Please request a new one.',
  sessionExpiring: 'Your session will expire in {minutes} minutes.',
  sessionExpired: 'Your session has expired. Please log in again.',
  tokenLoginFailed: 'The sign-in link is invalid or has expired.',
  ssoUnavailable:
    'Sign-in with Microsoft is not available right now. Please try again later, or sign in with your password.',
  ssoFailed: 'The sign-in with Microsoft could not be completed. Please try again.',
  ssoNoState: 'The answer from Microsoft has no state. Please start the sign-in with Microsoft again.',
  notFound: 'Not found',
  forbidden: 'You do not have access to this',
  unauthorised: 'Please log in',
  validation: 'Some of the values are not valid',
  internal: 'Something went wrong on our side. Please try again later.',
  fileTooLarge: 'The file is larger than {size} MB.',
  fileTypeNotAllowed: 'Files of type {type} cannot be uploaded.  Allowed types: {types}.',
  fileNameMissing: 'The file has no name.',
  fileEmpty: 'The file is empty.',
  fileNotImage: 'Only an image (png, bmp, jpg, jpeg or gif) can be the default image.',
  logoNotImage: 'The logo must be an image (png, bmp, jpg, jpeg or gif).',
  fileLinkExpired: 'This file link has expired.  Please reload the page.',
  fileDeleted: '{name} deleted',
  fileUploaded: '{name} uploaded',
  fileReplaceDefault: 'There is already a default image.  Delete the old image, or keep it in the files?',
  jobPermanent: 'A contracted permanent job cannot be deleted.',
  jobTextRequired: 'Enter the job text.',
  jobDateOrder: 'Date from must be before date till',
} as const;

/**
 * User-facing messages from the specifications' error catalogues, word for word (double spaces included). A key
 * is in one part only (messages.test.ts).
 */
export const MSG = { ...GENERAL_MESSAGES, ...ASSET_MESSAGES, ...INPUT_MESSAGES } as const;

/** Fills `{name}` placeholders in a catalogue message. */
export function fill(message: string, values: Record<string, string | number>): string {
  return message.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}
