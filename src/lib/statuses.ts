/**
 * Statuses and roles, exported once (architecture.md): the database schema builds its columns from them
 * and the portal island shows them, without the island importing any server code.
 */
export const submissionStatuses = ['pending', 'reviewed', 'completed'] as const;
export const submissionSources = ['contact_page', 'intake'] as const;
export const messageStatuses = ['unread', 'read', 'replied'] as const;
export const postStatuses = ['draft', 'published'] as const;
export const roles = ['admin', 'editor', 'viewer'] as const;

export type SubmissionStatus = (typeof submissionStatuses)[number];
export type MessageStatus = (typeof messageStatuses)[number];
export type PostStatus = (typeof postStatuses)[number];
export type Role = (typeof roles)[number];
