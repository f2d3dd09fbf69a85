/** A new task: what ran before it and what runs after are separate tasks, with input handled between. */
export const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
