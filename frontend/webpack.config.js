// Webpack 5 build of the Pátio web client (CommonJS on purpose: DESIGN section 7).
//   npm run build  -> production files in dist/ (+ dist/chunk-groups.json for the size report)
//   npm run dev    -> dev server on :5173, /api proxied to http://localhost:8080
const path = require('path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const { sources, Compilation } = require('webpack');

/**
 * Paths of the driver's app. The same expression is `DRIVER_PATH` in src/app/paths.ts (a unit
 * test keeps the two equal): the entry loads the driver bundle for these paths.
 */
const DRIVER_PATH = /^\/(?:$|app(?:\/|$)|maps\/?$|driver-login\/|aprovar-termo\/empresa\/)/;

/**
 * On a driver path, index.html starts at once, in parallel with the entry, what the entry would
 * only ask for after it has arrived and run (one or two round trips less on a weak signal):
 * - the first API reads, which need no script: the host's company and the driver session probe
 *   (`<link rel=preload as=fetch crossorigin>`; the app's RTK Query reads ask for the very same
 *   URLs, same-origin credentials, so Chromium hands them the preloaded answers);
 * - the driver chunk group, and on the home (/) the home page's chunks too.
 * If a hint is blocked or unsupported, nothing breaks: the app makes the same requests itself.
 */
class DriverPreloadPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('DriverPreload', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('DriverPreload', (data) => {
        const entryFiles = new Set();
        for (const chunk of compilation.entrypoints.get('main').chunks) for (const f of chunk.files) entryFiles.add(f);
        const groupFiles = (name, skip = new Set()) => {
          const group = compilation.namedChunkGroups.get(name);
          const files = [];
          if (!group) return files;
          for (const chunk of group.chunks) {
            for (const f of chunk.files) if (/\.(js|css)$/.test(f) && !entryFiles.has(f) && !skip.has(f)) files.push(f);
          }
          return files;
        };
        const files = groupFiles('driver');
        if (files.length === 0) return data;
        const homeFiles = groupFiles('driver-home', new Set(files));
        const publicPath = compilation.outputOptions.publicPath;
        // The URLs are those of features/company/api.ts (companyByHost) and driver/api.ts
        // (driverSession); tests/e2e/specs/wire.spec.ts checks that no read goes out twice.
        const code =
          `(function(){var p=location.pathname;if(!${DRIVER_PATH}.test(p))return;` +
          `function h(u,a){var l=document.createElement("link");l.rel="preload";l.as=a;l.href=u;` +
          `if(a==="fetch")l.crossOrigin="anonymous";document.head.appendChild(l);}` +
          `h("/api/company/host?host="+encodeURIComponent(location.hostname),"fetch");` +
          `if(p==="/"||/^\\/app\\//.test(p))h("/api/auth/app/session?probe=true","fetch");` +
          `function g(f){h(${JSON.stringify(publicPath)}+f,/\\.css$/.test(f)?"style":"script");}` +
          `${JSON.stringify(files)}.forEach(g);if(p==="/")${JSON.stringify(homeFiles)}.forEach(g);})();`;
        data.headTags.unshift({ tagName: 'script', voidTag: false, meta: { plugin: 'DriverPreload' }, attributes: {}, innerHTML: code });
        return data;
      });
    });
  }
}

/**
 * The driver app's service worker and web app manifest (issue 14), copied as they are to
 * /sw.js and /manifest.webmanifest: a worker's scope is its folder, and both need names that
 * do not change between builds.
 */
class DriverPwaPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('DriverPwa', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'DriverPwa', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        for (const [from, to] of [
          ['src/driver/pwa/sw.js', 'sw.js'],
          ['src/driver/pwa/manifest.webmanifest', 'manifest.webmanifest'],
        ]) {
          const file = path.resolve(__dirname, from);
          compilation.fileDependencies.add(file);
          compilation.emitAsset(to, new sources.RawSource(require('fs').readFileSync(file)));
        }
      });
    });
  }
}

/**
 * Compresses every text file of the build once, here, as hard as the formats go (issue 23):
 * `name.br` (brotli quality 11) and `name.gz` (gzip -9) beside `name`. The server sends these
 * files as they are (adapters/http/src/static_files.rs) and never compresses a static file per
 * request. A variant that saves too little (under 10 %) is not written.
 */
class PrecompressPlugin {
  apply(compiler) {
    const zlib = require('zlib');
    const { promisify } = require('util');
    const brotli = promisify(zlib.brotliCompress);
    const gzip = promisify(zlib.gzip);
    compiler.hooks.thisCompilation.tap('Precompress', (compilation) => {
      compilation.hooks.processAssets.tapPromise(
        // After minification and the HTML (OPTIMIZE_INLINE), before the report stage.
        { name: 'Precompress', stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER },
        async (assets) => {
          const work = [];
          for (const name of Object.keys(assets)) {
            if (!/\.(?:js|mjs|css|html|json|webmanifest|ico|svg|txt|xml|map)$/.test(name)) continue;
            const buf = compilation.getAsset(name).source.buffer();
            const variants = [
              ['br', () => brotli(buf, {
                params: {
                  [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
                  [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
                  [zlib.constants.BROTLI_PARAM_SIZE_HINT]: buf.length,
                },
              })],
              ['gz', () => gzip(buf, { level: 9 })],
            ];
            for (const [suffix, compress] of variants) {
              work.push(
                compress().then((out) => {
                  if (out.length <= buf.length * 0.9) {
                    compilation.emitAsset(`${name}.${suffix}`, new sources.RawSource(out), { compressed: true });
                  }
                }),
              );
            }
          }
          await Promise.all(work);
        },
      );
    });
  }
}

/** Writes, for every named chunk group (entry and lazy routes), the files it needs. */
class ChunkGroupsManifestPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('ChunkGroupsManifest', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'ChunkGroupsManifest', stage: Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const groups = {};
          for (const [name, group] of compilation.namedChunkGroups) {
            const files = new Set();
            for (const chunk of group.chunks) for (const file of chunk.files) files.add(file);
            groups[name] = [...files].sort();
          }
          compilation.emitAsset('chunk-groups.json', new sources.RawSource(JSON.stringify(groups, null, 2)));
        },
      );
    });
  }
}

module.exports = (_env, argv) => {
  const production = argv.mode === 'production';
  return {
    mode: production ? 'production' : 'development',
    entry: { main: './src/index.tsx' },
    output: {
      path: path.resolve(__dirname, 'dist'),
      publicPath: '/',
      filename: production ? '[name].[contenthash:8].js' : '[name].js',
      chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
      clean: true,
    },
    devtool: production ? false : 'eval-cheap-module-source-map',
    resolve: { extensions: ['.tsx', '.ts', '.mjs', '.js'] },
    module: {
      rules: [
        {
          test: /\.[jt]sx?$/,
          include: path.resolve(__dirname, 'src'),
          use: {
            loader: 'babel-loader',
            options: {
              cacheDirectory: true,
              presets: [
                ['@babel/preset-env', { bugfixes: true }],
                ['@babel/preset-react', { runtime: 'automatic', development: !production }],
                '@babel/preset-typescript',
              ],
            },
          },
        },
        { test: /\.css$/, use: [MiniCssExtractPlugin.loader, 'css-loader'] },
      ],
    },
    plugins: [
      new HtmlWebpackPlugin({ template: './src/index.html', scriptLoading: 'defer', favicon: './src/assets/favicon.ico' }),
      new MiniCssExtractPlugin({
        filename: production ? '[name].[contenthash:8].css' : '[name].css',
        chunkFilename: production ? '[name].[contenthash:8].css' : '[name].css',
      }),
      new ChunkGroupsManifestPlugin(),
      new DriverPreloadPlugin(),
      new DriverPwaPlugin(),
      ...(production ? [new PrecompressPlugin()] : []),
    ],
    optimization: {
      splitChunks: {
        cacheGroups: {
          // What both apps need, loaded with the entry in parallel from index.html.
          framework: {
            test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-redux|@reduxjs|redux|redux-thunk|immer|reselect|react-router|cookie|set-cookie-parser)[\\/]/,
            name: 'framework',
            chunks: 'initial',
            enforce: true,
            priority: 20,
          },
        },
      },
    },
    performance: { hints: false },
    devServer: {
      port: 5173,
      historyApiFallback: true,
      hot: true,
      proxy: [{ context: ['/api'], target: 'http://localhost:8080', ws: true }],
    },
  };
};

module.exports.DRIVER_PATH = DRIVER_PATH;
