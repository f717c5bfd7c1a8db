# The production image (docs/operations.md "Production"): the same commands the tested production build runs
# (apps/server/src/resilience/production-build.resilience.test.ts): build with every dependency, then run the built
# server with production dependencies only, as a user without privileges.
# Node 24 LTS on Debian (the image's own node: no download at build time beyond the npm registry); util-linux's flock,
# which holds the embedded database's folder for one process, is part of the Debian base.

FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/contract/package.json packages/contract/
COPY packages/instrument/package.json packages/instrument/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:24-bookworm-slim AS production
ENV NODE_ENV=production
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/contract/package.json packages/contract/
COPY packages/instrument/package.json packages/instrument/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci --omit=dev --workspace @pid5/server --no-audit --no-fund --ignore-scripts && npm cache clean --force
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/web/dist apps/web/dist
# The embedded database's folder when DATABASE_URL is not set, a volume of its own so it outlives the container;
# licensed item sets and norm tables are mounted read-only at /app/licensed.
RUN mkdir -p /app/data /app/licensed && chown node:node /app/data
VOLUME ["/app/data"]
USER node
ENV PORT=3000 HOST=0.0.0.0 DATA_DIR=/app/data
EXPOSE 3000
# Liveness: the process answers (never the database, so an outage restarts nothing). The start period covers a first
# start with its migrations (32.5 s measured on a small machine) and a long migration at an upgrade.
HEALTHCHECK --interval=30s --timeout=5s --start-period=180s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# SIGTERM drains the requests in flight (main.ts); give it longer than REPORT_TIME_LIMIT_SECONDS (docker stop -t 60).
STOPSIGNAL SIGTERM
CMD ["node", "--enable-source-maps", "apps/server/dist/main.js"]
