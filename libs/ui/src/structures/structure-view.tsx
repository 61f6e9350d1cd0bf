import { useState } from 'react';
import { CodeView } from '../components/code-view.js';
import { BPLUS_ORDER, bplusBuild, bplusConvention, bplusDelete, bplusInsert, bplusKeys, bplusSearch, emptyBPlusTree, emptyExtendibleHash, emptyLinearHash, EXTENDIBLE_CAPACITY, extendibleBuild, extendibleConvention, extendibleDelete, extendibleInsert, extendibleSearch, isIndexLanguage, LINEAR_CAPACITY, LINEAR_INITIAL_BUCKETS, linearBuild, linearConvention, linearDelete, linearInsert, linearSearch, type Outcome, parseStructureBlock, precedenceBlock, type StructureLanguage, type StructureSettings, waitForBlock } from '@dblearn/lab/structures';
import { BPlusTreeDrawing, describeBPlusTree, describeExtendible, describeLinear, ExtendibleDrawing, LinearDrawing } from './drawings.js';
import { PrecedenceLab } from './precedence-view.js';
import { WaitForLab } from './wait-for-view.js';
import { SettingPicker, StructureLab } from './structure-lab.js';
import './structures.css';

/** The block's text stays visible under a message saying what is wrong with it. */
function BlockProblem({ language, code, message }: { language: string; code: string; message: string }) {
  return (
    <div className="dbl-structure">
      <p className="dbl-runnable__error" role="alert">
        This {language} block cannot be drawn. {message}
      </p>
      <CodeView language={language} code={code} />
    </div>
  );
}

const valueOf = <T,>(outcome: Outcome<T>): T => {
  // The settings were checked before any lab is drawn; a failure here is a bug, not bad input.
  if (!outcome.ok) throw new Error(outcome.message);
  return outcome.value;
};

function BPlusTreeLab({ settings }: { settings: Extract<StructureSettings, { kind: 'btree' }> }) {
  const [order, setOrder] = useState(settings.order);
  return (
    <StructureLab
      title="B+ tree"
      convention={bplusConvention(order)}
      settings={<SettingPicker label="Order d" value={order} {...BPLUS_ORDER} onChange={setOrder} />}
      buildKey={String(order)}
      empty={valueOf(emptyBPlusTree(order))}
      build={() => valueOf(bplusBuild(order, settings.keys))}
      insert={bplusInsert}
      remove={bplusDelete}
      search={bplusSearch}
      draw={(tree, focus) => <BPlusTreeDrawing tree={tree} focus={focus} />}
      describe={describeBPlusTree}
      keys={(tree) => bplusKeys(tree).length}
    />
  );
}

function ExtendibleLab({ settings }: { settings: Extract<StructureSettings, { kind: 'hash-extendible' }> }) {
  const [capacity, setCapacity] = useState(settings.capacity);
  return (
    <StructureLab
      title="Extendible hashing"
      convention={extendibleConvention(capacity)}
      settings={<SettingPicker label="Bucket capacity" value={capacity} {...EXTENDIBLE_CAPACITY} onChange={setCapacity} />}
      buildKey={String(capacity)}
      empty={valueOf(emptyExtendibleHash(capacity))}
      build={() => valueOf(extendibleBuild(capacity, settings.keys))}
      insert={extendibleInsert}
      remove={extendibleDelete}
      search={extendibleSearch}
      draw={(hash, focus) => <ExtendibleDrawing hash={hash} focus={focus} />}
      describe={describeExtendible}
      keys={(hash) => hash.buckets.reduce((sum, bucket) => sum + bucket.keys.length, 0)}
    />
  );
}

function LinearLab({ settings }: { settings: Extract<StructureSettings, { kind: 'hash-linear' }> }) {
  const [capacity, setCapacity] = useState(settings.capacity);
  const [buckets, setBuckets] = useState(settings.buckets);
  return (
    <StructureLab
      title="Linear hashing"
      convention={linearConvention(capacity, buckets)}
      settings={
        <>
          <SettingPicker label="Page capacity" value={capacity} {...LINEAR_CAPACITY} onChange={setCapacity} />
          <SettingPicker label="Buckets to start" value={buckets} {...LINEAR_INITIAL_BUCKETS} onChange={setBuckets} />
        </>
      }
      buildKey={`${capacity} ${buckets}`}
      empty={valueOf(emptyLinearHash(capacity, buckets))}
      build={() => valueOf(linearBuild(capacity, buckets, settings.keys))}
      insert={linearInsert}
      remove={linearDelete}
      search={linearSearch}
      draw={(hash, focus) => <LinearDrawing hash={hash} focus={focus} />}
      describe={describeLinear}
      keys={(hash) => hash.buckets.reduce((sum, bucket) => sum + bucket.pages.flat().length, 0)}
    />
  );
}

/** Checks a block's settings against the model's ranges before any lab is drawn. */
function checkSettings(settings: StructureSettings): Outcome<StructureSettings> {
  const empty = settings.kind === 'btree' ? emptyBPlusTree(settings.order) : settings.kind === 'hash-extendible' ? emptyExtendibleHash(settings.capacity) : emptyLinearHash(settings.capacity, settings.buckets);
  return empty.ok ? { ok: true, value: settings } : empty;
}

/**
 * A ```btree, ```hash-extendible, ```hash-linear, ```precedence-graph or ```wait-for-graph block as an interactive
 * structure (loaded lazily: nothing of it reaches a page that has no such block).
 */
export default function StructureView({ language, code }: { language: StructureLanguage; code: string }) {
  if (language === 'wait-for-graph') {
    const built = waitForBlock(code);
    return built.ok ? <WaitForLab built={built.value} /> : <BlockProblem language={language} code={code} message={built.message} />;
  }
  if (!isIndexLanguage(language)) {
    const built = precedenceBlock(code);
    return built.ok ? <PrecedenceLab built={built.value} /> : <BlockProblem language={language} code={code} message={built.message} />;
  }
  const parsed = parseStructureBlock(language, code);
  const settings = parsed.ok ? checkSettings(parsed.value) : parsed;
  if (!settings.ok) return <BlockProblem language={language} code={code} message={settings.message} />;
  const value = settings.value;
  if (value.kind === 'btree') return <BPlusTreeLab settings={value} />;
  if (value.kind === 'hash-extendible') return <ExtendibleLab settings={value} />;
  return <LinearLab settings={value} />;
}
