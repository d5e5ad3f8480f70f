# The long-running server as a container image. Build: docker build -t dialflow .
# Run:   docker run --stop-timeout 15 -p 3000:3000 -v dialflow-data:/data \
#          -e DATABASE_URL=... -e AUTH_SECRET=... -e SMTP_URL=... dialflow
# Without DATABASE_URL the embedded database lives in the /data volume (one container at a time).
# Migrations: applied by the server at start (the image is built without a database).

FROM node:20-bookworm-slim AS build
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1
# fs-ext (the embedded database's directory lock) compiles a small native addon.
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
# postinstall generates the Prisma client, so the schema and the script come before npm ci.
COPY package.json package-lock.json ./
COPY scripts ./scripts
COPY prisma ./prisma
RUN npm ci --no-audit --no-fund
COPY . .
# No DATABASE_URL here: scripts/build.mjs then only runs `next build`.
RUN npm run build

FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    NEXT_TELEMETRY_DISABLED=1 \
    MALLOC_ARENA_MAX=2 \
    MALLOC_MMAP_THRESHOLD_=65536 \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/data
WORKDIR /app
# The code belongs to root and is read-only to the app; only /data is the app's. node_modules keeps
# the dev tools because `npm run users` and `npm run db:migrate` run TypeScript through tsx.
COPY --from=build /app /app
# For the console's PostgreSQL backups add a pg_dump of the server's major version, e.g.
# RUN apt-get update && apt-get install -y --no-install-recommends postgresql-client-15
RUN mkdir -p /data && chown node:node /data && chmod 700 /data
USER node
VOLUME ["/data"]
EXPOSE 3000
# Exec form: node is PID 1 and receives SIGTERM itself; scripts/serve.mjs drains in-flight
# requests (up to 8 s), closes the database and exits within 9.5 s. Give `docker stop` 15 s.
STOPSIGNAL SIGTERM
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "scripts/start.mjs"]
