// drizzle-kit: `pnpm --filter @northstar/platform db:generate` writes a migration after a schema
// change. It needs no database.
export default {
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './src/db/migrations',
};
