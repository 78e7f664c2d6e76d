/** How the users screens name a person: first name and surname, as the server's messages do. */
export const fullName = (user: { firstName: string; surname: string }): string =>
  `${user.firstName} ${user.surname}`.trim();
