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
 * On a driver path, index.html starts downloading the driver chunk group at once (a preload
 * hint), in parallel with the entry, instead of after the entry has run: one round trip less
 * on a weak signal. If the hint is blocked, nothing breaks: the entry loads the chunks anyway.
 */
class DriverPreloadPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('DriverPreload', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('DriverPreload', (data) => {
        const group = compilation.namedChunkGroups.get('driver');
        if (!group) return data;
        const entryFiles = new Set();
        for (const chunk of compilation.entrypoints.get('main').chunks) for (const f of chunk.files) entryFiles.add(f);
        const files = [];
        for (const chunk of group.chunks) {
          for (const f of chunk.files) if (/\.(js|css)$/.test(f) && !entryFiles.has(f)) files.push(f);
        }
        const publicPath = compilation.outputOptions.publicPath;
        const code =
          `(function(){if(!${DRIVER_PATH}.test(location.pathname))return;` +
          `${JSON.stringify(files)}.forEach(function(f){var l=document.createElement("link");` +
          `l.rel="preload";l.as=/\\.css$/.test(f)?"style":"script";l.href=${JSON.stringify(publicPath)}+f;` +
          `document.head.appendChild(l);});})();`;
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
