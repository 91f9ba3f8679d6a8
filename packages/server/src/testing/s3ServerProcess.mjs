/**
 * s3rver in a process of its own (started by s3Server.ts): a test measuring its own memory then sees
 * only its own. Arguments: the directory and the bucket; tells its parent the port once listening.
 */
import S3rver from 's3rver';

const [directory, bucket] = process.argv.slice(2);
const server = new S3rver({
  address: '127.0.0.1',
  port: 0,
  directory,
  silent: true,
  configureBuckets: [{ name: bucket }],
});
const { port } = await server.run();
process.send?.({ port });
process.on('disconnect', () => {
  server.close().finally(() => process.exit(0));
});
