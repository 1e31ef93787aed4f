# Vigil on the official Node.js image. The build stage runs the same npm scripts CI runs
# (`npm ci`, `npm run build`); the runtime stage holds the production dependencies and the built
# files, and runs the server bundle with plain node (no TypeScript at run time).
#   docker build -t vigil .
#   docker compose up        (compose.yaml: PostgreSQL, MinIO, one serve, two record, one work)

FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/shared/package.json packages/shared/
COPY packages/db/package.json packages/db/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci
COPY . .
RUN npm run build

FROM node:20-bookworm-slim AS runtime
# Debian's ffmpeg 5.1 (RTSP timeouts, refused redirects); without it Vigil falls back to the static
# build npm installs (decision 0003). GStreamer is not needed at run time.
RUN apt-get update \
  && apt-get install -y --no-install-recommends ffmpeg util-linux ca-certificates \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 VIGIL_DATA_DIR=/data
COPY package.json package-lock.json ./
COPY packages/shared/package.json packages/shared/
COPY packages/db/package.json packages/db/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci --omit=dev --workspace @vigil/server && npm cache clean --force
COPY packages/db/migrations packages/db/migrations
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/web/dist apps/web/dist
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "apps/server/dist/main.js"]
