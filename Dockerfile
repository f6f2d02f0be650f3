# syntax=docker/dockerfile:1
# folio: static, CGO-free binary on a distroless base.
#
#   docker build --build-arg VERSION=0.1.0 -t folio:0.1.0 .
#   docker run --rm -p 8080:8080 folio:0.1.0       # serves /api/v1
#   docker run --rm -i folio:0.1.0 convert - -o - < in.html > out.pdf
#
# The image name folio:0.1.0 is the one deploy/kubernetes uses (a test
# checks they agree). VERSION, when set, is linked into folio.Version
# (-ldflags -X) and labels the image; the build fails if the binary then
# reports another version.

FROM golang:1.26 AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
ARG VERSION=
RUN set -eu; \
    ldflags="-s -w"; \
    if [ -n "$VERSION" ]; then ldflags="$ldflags -X github.com/seed28491532/folio.Version=$VERSION"; fi; \
    CGO_ENABLED=0 GOOS=linux go build -trimpath -ldflags="$ldflags" -o /out/folio ./cmd/folio; \
    got=$(/out/folio version | head -n 1 | cut -d ' ' -f 2); \
    if [ -n "$VERSION" ] && [ "$got" != "$VERSION" ]; then \
      echo "Dockerfile: VERSION=$VERSION but the binary reports folio $got" >&2; exit 1; \
    fi

FROM gcr.io/distroless/static-debian12:nonroot
ARG VERSION=
LABEL org.opencontainers.image.title="folio" \
      org.opencontainers.image.version="${VERSION}" \
      org.opencontainers.image.licenses="MIT"
COPY --from=build /out/folio /usr/local/bin/folio
USER nonroot:nonroot
ENV FOLIO_ADDR=:8080
EXPOSE 8080
ENTRYPOINT ["/usr/local/bin/folio"]
CMD ["serve"]
