export { createMailQueue, MAX_ATTEMPTS, type MailQueueOptions, retryDelayMs } from './queue.ts';
export { inlineImages, storedImagesOf } from './render.ts';
export { escapeHtml, mailDate } from './text.ts';
export type {
  MailImage,
  MailLogger,
  MailQueue,
  MailTransport,
  OutgoingMail,
  StoredImage,
} from './types.ts';
